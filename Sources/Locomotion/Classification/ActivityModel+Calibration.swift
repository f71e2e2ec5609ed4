import Foundation

extension ActivityModel {
    /// The same model with its probabilities calibrated by `temperature` (see ``temperature``);
    /// the decisions do not change, only how sure the model says it is.
    ///
    /// - Parameter temperature: The temperature, within ``temperatureRange``.
    /// - Throws: ``LocomotionError/Code/invalidParameter`` for a temperature outside
    ///   ``temperatureRange`` (NaN included).
    /// - Complexity: O(1) (the parameters are shared).
    public func calibrated(temperature: Double) throws(LocomotionError) -> ActivityModel {
        try LocomotionError.require(
            "temperature", temperature, Self.temperatureRange.contains(temperature),
            "it must be in \(Self.temperatureRange.lowerBound)...\(Self.temperatureRange.upperBound)")
        return ActivityModel(
            formatVersion: Self.formatVersion, kind: kind, featureSchema: featureSchema, classes: classes,
            training: training, trained: trained, temperature: temperature)
    }

    /// The temperature that makes held-out probabilities most likely: the minimum over
    /// ``temperatureRange`` of the mean negative log-probability of each window's true activity
    /// after tempering (temperature scaling, Guo et al. 2017). Fit it on probabilities of windows
    /// the model did not train on (``crossValidatedProbabilities(_:on:folds:seed:progress:)``,
    /// best with one source held out at a time), or it learns the training fit's overconfidence.
    ///
    /// A true activity given probability 0 counts as 10⁻¹² (a tempered 0 stays 0, so no
    /// temperature could rescue it, and one such window must not decide the fit alone).
    ///
    /// - Parameters:
    ///   - heldOut: Each window's held-out probabilities.
    ///   - truths: Each window's true activity, in the same order (not ``ActivityType/unknown``).
    /// - Returns: The temperature, to within 10⁻⁶ relative (golden-section search on its logarithm;
    ///   the mean negative log-likelihood is convex in 1/*T*).
    /// - Throws: ``LocomotionError/Code/invalidParameter`` when the counts differ, there are no
    ///   windows, or a truth is ``ActivityType/unknown``.
    /// - Complexity: O(*n* · *k*) per step, about 40 steps, for *n* windows of *k* activities.
    public static func fittedTemperature(_ heldOut: [ActivityProbabilities], truths: [ActivityType])
        throws(LocomotionError) -> Double
    {
        try LocomotionError.require(
            "truths", truths.count, truths.count == heldOut.count && !heldOut.isEmpty,
            "one per held-out window (\(heldOut.count)), and at least one")
        let truthIndices = truths.map { ActivityType.decidable.firstIndex(of: $0) }
        try LocomotionError.require(
            "truths", "unknown", !truthIndices.contains(nil), "each a decidable activity, never unknown")
        let logs = heldOut.map { probabilities in
            probabilities.values.map { $0 > 0 ? Foundation.log($0) : -Double.infinity }
        }
        let floor = Foundation.log(1e-12)
        func meanLoss(_ temperature: Double) -> Double {
            var total = 0.0
            for (row, logProbabilities) in logs.enumerated() {
                let scaled = logProbabilities.map { $0 / temperature }
                let largest = scaled.max()!
                var sum = 0.0
                for value in scaled where value > -Double.infinity { sum += Foundation.exp(value - largest) }
                let truth = scaled[truthIndices[row]!]
                total -= max(truth - largest - Foundation.log(sum), floor)
            }
            return total / Double(logs.count)
        }
        var low = Foundation.log(temperatureRange.lowerBound)
        var high = Foundation.log(temperatureRange.upperBound)
        let ratio = (5.0.squareRoot() - 1) / 2
        var left = high - ratio * (high - low)
        var right = low + ratio * (high - low)
        var lossLeft = meanLoss(Foundation.exp(left))
        var lossRight = meanLoss(Foundation.exp(right))
        while high - low > 1e-6 {
            if lossLeft <= lossRight {
                (high, right, lossRight) = (right, left, lossLeft)
                left = high - ratio * (high - low)
                lossLeft = meanLoss(Foundation.exp(left))
            } else {
                (low, left, lossLeft) = (left, right, lossRight)
                right = low + ratio * (high - low)
                lossRight = meanLoss(Foundation.exp(right))
            }
        }
        return Foundation.exp((low + high) / 2)
    }

    /// The expected calibration error of probabilities against the truth: the windows binned by
    /// their largest probability into `bins` equal-width bins of 0...1 (the first bin closed), and
    /// |accuracy − mean largest probability| of each bin weighted by its share of the windows
    /// (Naeini et al. 2015; Guo et al. 2017). 0 is perfectly calibrated; a model that says 0.9 and
    /// is right half the time scores 0.4.
    ///
    /// - Parameters:
    ///   - probabilities: Each window's probabilities.
    ///   - truths: Each window's true activity, in the same order.
    ///   - bins: How many bins; at least 1.
    /// - Throws: ``LocomotionError/Code/invalidParameter`` when the counts differ, there are no
    ///   windows, or `bins` is below 1.
    /// - Complexity: O(*n* · *k*).
    public static func expectedCalibrationError(
        _ probabilities: [ActivityProbabilities], truths: [ActivityType], bins: Int = 10
    ) throws(LocomotionError) -> Double {
        try LocomotionError.require(
            "truths", truths.count, truths.count == probabilities.count && !probabilities.isEmpty,
            "one per window (\(probabilities.count)), and at least one")
        try LocomotionError.require("bins", bins, bins >= 1, "at least 1")
        var count = [Int](repeating: 0, count: bins)
        var confidence = [Double](repeating: 0, count: bins)
        var correct = [Double](repeating: 0, count: bins)
        for (window, truth) in zip(probabilities, truths) {
            let decided = window.mostProbable
            let top = window[decided]
            let bin = min(bins - 1, max(0, Int((top * Double(bins)).rounded(.up)) - 1))
            count[bin] += 1
            confidence[bin] += top
            if decided == truth { correct[bin] += 1 }
        }
        var error = 0.0
        for bin in 0..<bins where count[bin] > 0 {
            error += abs(correct[bin] - confidence[bin]) / Double(probabilities.count)
        }
        return error
    }

    /// `probabilities` tempered by `temperature` (see ``temperature``): what a model of that
    /// temperature would give where the estimator gave `probabilities`.
    ///
    /// - Complexity: O(*k*).
    public static func tempered(_ probabilities: ActivityProbabilities, temperature: Double) -> ActivityProbabilities {
        var values = probabilities.values
        temper(&values, temperature: temperature)
        return ActivityProbabilities(weights: values) ?? probabilities
    }

    /// Tempers `probabilities` in place (see ``temperature``): each becomes *p*^(1/*T*),
    /// renormalised, computed on the logarithms so that no small probability underflows first.
    /// Temperature 1 leaves them untouched, bit for bit. Allocates nothing.
    @_spi(Testing) public static func temper(_ probabilities: inout [Double], temperature: Double) {
        guard temperature != 1 else { return }
        var largest = -Double.infinity
        for probability in probabilities where probability > 0 {
            largest = max(largest, Foundation.log(probability) / temperature)
        }
        guard largest > -Double.infinity else { return }  // no positive probability: left as given
        var sum = 0.0
        for index in probabilities.indices {
            let probability = probabilities[index]
            probabilities[index] =
                probability > 0 ? Foundation.exp(Foundation.log(probability) / temperature - largest) : 0
            sum += probabilities[index]
        }
        for index in probabilities.indices { probabilities[index] /= sum }
    }
}
