extension Recording {
    /// The acceleration, or the error every analysis that needs it throws.
    ///
    /// - Throws: `LocomotionError.missingColumn` listing the header names that would do.
    func requireAcceleration() throws(LocomotionError) -> ThreeAxisSeries {
        guard let acceleration else {
            throw .missingColumn(
                source: .recording(source), quantity: "acceleration",
                accepted: RecordingColumn.accelerationX.aliases + RecordingColumn.accelerationY.aliases
                    + RecordingColumn.accelerationZ.aliases)
        }
        return acceleration
    }

    /// The sampling analysis, or the error every analysis that needs a sample rate throws.
    ///
    /// - Parameters:
    ///   - maximumGap: As for ``samplingAnalysis(maximumGap:)``.
    ///   - purpose: What the rate is for, for the message ("step detection").
    /// - Throws: `LocomotionError.tooShort` when fewer than two rows have different timestamps.
    func requireSamplingAnalysis(maximumGap: Double? = nil, purpose: String) throws(LocomotionError)
        -> SamplingAnalysis
    {
        guard let analysis = samplingAnalysis(maximumGap: maximumGap) else {
            let distinctTimes = Set(time).count
            throw .tooShort(
                source: .recording(source), rows: distinctTimes, required: 2,
                purpose: "estimating the sample rate for \(purpose) (counting rows with different timestamps)")
        }
        return analysis
    }
}
