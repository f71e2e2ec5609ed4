/// The settings of a trained model's fit: a value with scikit-learn-like defaults (`init()`),
/// checked once by ``validate()`` before any data is read.
public protocol EstimatorConfiguration: Sendable, Hashable, Codable {
    /// The defaults.
    init()
    /// Checks every setting.
    ///
    /// - Throws: ``LocomotionError/Code/invalidParameter`` naming the first setting out of range.
    func validate() throws(LocomotionError)
}
