/// A deterministic limited-memory BFGS minimiser (Nocedal & Wright, *Numerical Optimization*,
/// 2nd ed., 2006: algorithm 7.4 for the two-loop recursion, algorithms 3.5 and 3.6 for the
/// strong-Wolfe line search with cubic interpolation).
///
/// The line search also accepts Hager & Zhang's approximate Wolfe conditions (SIAM J. Optim. 16,
/// 2005) when the function has stopped changing within rounding (a rise of at most 10⁻¹² of the
/// current value): near the minimum the decrease of a step is below the precision of the value,
/// while the gradient is still accurate, so the search is then steered by the derivative and the
/// gradient tolerance can be reached.
///
/// There is no randomness and no threading: the same start and function give the same iterates,
/// bit for bit.
struct LimitedMemoryBFGS {
    /// The number of correction pairs kept.
    var memory = 10
    /// The most iterations (accepted steps).
    var maximumIterations: Int
    /// Converged when the largest absolute partial derivative is at most this.
    var tolerance: Double
    /// The sufficient-decrease constant c₁ of the Wolfe conditions.
    var sufficientDecrease = 1e-4
    /// The curvature constant c₂ of the strong Wolfe conditions.
    var curvature = 0.9
    /// The most function evaluations of one line search.
    var maximumLineSearchEvaluations = 50

    /// The outcome of a minimisation.
    struct Result {
        /// The last iterate.
        var solution: [Double]
        /// The function at `solution`.
        var value: Double
        /// The largest absolute partial derivative at `solution`.
        var gradientNorm: Double
        /// The number of accepted steps.
        var iterations: Int
        /// Whether `gradientNorm <= tolerance`.
        var converged: Bool
    }

    /// Minimises `evaluate`, which returns the function at its first argument and writes the
    /// gradient into its second, from `start`.
    ///
    /// Stops when the gradient's largest component is at most ``tolerance`` (converged), after
    /// ``maximumIterations`` steps, or when no step along the steepest descent satisfies the line
    /// search (not converged unless the gradient test holds).
    ///
    /// - Complexity: per iteration, O(`memory` · *p*) plus the evaluations of the line search,
    ///   for *p* parameters.
    func minimise(from start: [Double], _ evaluate: ([Double], inout [Double]) -> Double) -> Result {
        let count = start.count
        var point = start
        var gradient = [Double](repeating: 0, count: count)
        var value = evaluate(point, &gradient)
        var gradientNorm = Self.maximumMagnitude(gradient)

        // Correction pairs in ring buffers: pair i occupies [slot * count, (slot + 1) * count).
        var steps = [Double](repeating: 0, count: memory * count)
        var changes = [Double](repeating: 0, count: memory * count)
        var inverseCurvatures = [Double](repeating: 0, count: memory)
        var coefficients = [Double](repeating: 0, count: memory)
        var stored = 0
        var newest = -1

        var direction = [Double](repeating: 0, count: count)
        var trialPoint = point
        var trialGradient = gradient
        var iterations = 0
        var restarted = false

        while gradientNorm > tolerance && iterations < maximumIterations && value.isFinite {
            // direction = −H g by the two-loop recursion.
            for index in 0..<count { direction[index] = gradient[index] }
            if stored > 0 {
                for back in 0..<stored {
                    let slot = (newest - back + memory) % memory
                    let base = slot * count
                    var projection = 0.0
                    for index in 0..<count { projection += steps[base + index] * direction[index] }
                    let coefficient = inverseCurvatures[slot] * projection
                    coefficients[slot] = coefficient
                    for index in 0..<count { direction[index] -= coefficient * changes[base + index] }
                }
                let base = newest * count
                var stepChange = 0.0
                var changeChange = 0.0
                for index in 0..<count {
                    stepChange += steps[base + index] * changes[base + index]
                    changeChange += changes[base + index] * changes[base + index]
                }
                let gamma = stepChange / changeChange
                for index in 0..<count { direction[index] *= gamma }
                for forward in 0..<stored {
                    let slot = (newest - stored + 1 + forward + memory) % memory
                    let base = slot * count
                    var projection = 0.0
                    for index in 0..<count { projection += changes[base + index] * direction[index] }
                    let correction = coefficients[slot] - inverseCurvatures[slot] * projection
                    for index in 0..<count { direction[index] += correction * steps[base + index] }
                }
            }
            for index in 0..<count { direction[index] = -direction[index] }
            var slope = Self.dot(gradient, direction)
            if !(slope < 0) || !slope.isFinite {
                stored = 0
                for index in 0..<count { direction[index] = -gradient[index] }
                slope = -Self.dot(gradient, gradient)
            }
            let initialStep = stored == 0 ? min(1, 1 / Self.dot(gradient, gradient).squareRoot()) : 1

            guard
                let accepted = lineSearch(
                    from: point, value: value, direction: direction, slope: slope, initialStep: initialStep,
                    trialPoint: &trialPoint, trialGradient: &trialGradient, evaluate)
            else {
                // Retry once along the steepest descent with a fresh memory; then give up.
                if stored > 0 && !restarted {
                    stored = 0
                    restarted = true
                    continue
                }
                break
            }
            restarted = false

            let slot = (newest + 1) % memory
            let base = slot * count
            var stepChange = 0.0
            var changeChange = 0.0
            for index in 0..<count {
                let step = trialPoint[index] - point[index]
                let change = trialGradient[index] - gradient[index]
                steps[base + index] = step
                changes[base + index] = change
                stepChange += step * change
                changeChange += change * change
            }
            // Keep the pair only if it keeps the inverse Hessian positive definite.
            if stepChange > Double.ulpOfOne * changeChange && stepChange > 0 {
                inverseCurvatures[slot] = 1 / stepChange
                newest = slot
                stored = min(stored + 1, memory)
            }
            swap(&point, &trialPoint)
            swap(&gradient, &trialGradient)
            value = accepted
            gradientNorm = Self.maximumMagnitude(gradient)
            iterations += 1
        }
        return Result(
            solution: point, value: value, gradientNorm: gradientNorm, iterations: iterations,
            converged: gradientNorm <= tolerance)
    }

    private struct Probe {
        var step: Double
        var value: Double
        var slope: Double
    }

    /// A step along `direction` satisfying the strong Wolfe conditions (or their approximate
    /// form); on success `trialPoint` and `trialGradient` hold the new point and its gradient and
    /// the function value there is returned.
    private func lineSearch(
        from point: [Double], value: Double, direction: [Double], slope: Double, initialStep: Double,
        trialPoint: inout [Double], trialGradient: inout [Double], _ evaluate: ([Double], inout [Double]) -> Double
    ) -> Double? {
        let count = point.count
        var evaluations = 0
        func probe(_ step: Double) -> Probe {
            for index in 0..<count { trialPoint[index] = point[index] + step * direction[index] }
            let trialValue = evaluate(trialPoint, &trialGradient)
            evaluations += 1
            return Probe(step: step, value: trialValue, slope: Self.dot(trialGradient, direction))
        }
        let slack = 1e-12 * abs(value)
        func sufficient(_ trial: Probe) -> Bool {
            guard trial.value.isFinite && trial.slope.isFinite else { return false }
            return trial.value <= value + sufficientDecrease * trial.step * slope
                || (trial.value <= value + slack && trial.slope <= (2 * sufficientDecrease - 1) * slope)
        }
        func flatEnough(_ trial: Probe) -> Bool { abs(trial.slope) <= -curvature * slope }

        func zoom(_ low: Probe, _ high: Probe) -> Double? {
            var low = low
            var high = high
            while evaluations < maximumLineSearchEvaluations {
                let lower = min(low.step, high.step)
                let upper = max(low.step, high.step)
                guard upper - lower > Double.ulpOfOne * upper else { break }
                var step = Self.cubicMinimum(low, high)
                if !(step >= lower + 0.1 * (upper - lower) && step <= upper - 0.1 * (upper - lower)) {
                    step = 0.5 * (low.step + high.step)
                }
                let trial = probe(step)
                if !sufficient(trial) || trial.value >= low.value {
                    high = trial
                } else {
                    if flatEnough(trial) { return trial.value }
                    if trial.slope * (high.step - low.step) >= 0 { high = low }
                    low = trial
                }
            }
            // No Wolfe point: take the best point with sufficient decrease, if any.
            guard low.step > 0 else { return nil }
            return probe(low.step).value
        }

        var previous = Probe(step: 0, value: value, slope: slope)
        var step = initialStep
        while evaluations < maximumLineSearchEvaluations {
            let trial = probe(step)
            if !trial.value.isFinite || !trial.slope.isFinite {
                // Overshot into overflow: shrink towards the last good step.
                step = previous.step + 0.5 * (step - previous.step)
                continue
            }
            if !sufficient(trial) || (previous.step > 0 && trial.value >= previous.value) {
                return zoom(previous, trial)
            }
            if flatEnough(trial) { return trial.value }
            if trial.slope >= 0 { return zoom(trial, previous) }
            previous = trial
            step *= 2
        }
        return nil
    }

    /// The minimiser of the cubic through two probes (Nocedal & Wright eq. 3.59), NaN when the
    /// cubic has none.
    private static func cubicMinimum(_ a: Probe, _ b: Probe) -> Double {
        let d1 = a.slope + b.slope - 3 * (a.value - b.value) / (a.step - b.step)
        let discriminant = d1 * d1 - a.slope * b.slope
        guard discriminant >= 0 else { return .nan }
        let d2 = (b.step > a.step ? 1.0 : -1.0) * discriminant.squareRoot()
        return b.step - (b.step - a.step) * (b.slope + d2 - d1) / (b.slope - a.slope + 2 * d2)
    }

    static func dot(_ a: [Double], _ b: [Double]) -> Double {
        var sum = 0.0
        for index in a.indices { sum += a[index] * b[index] }
        return sum
    }

    static func maximumMagnitude(_ values: [Double]) -> Double {
        var largest = 0.0
        for value in values {
            if value.isNaN { return .nan }
            largest = max(largest, abs(value))
        }
        return largest
    }
}
