/// FFTW's accumulated planning knowledge ("wisdom"), for processes that plan with
/// ``FFTPlanningRigor/measure`` and want to skip the search next time.
public enum FFTWisdom {
    /// The current wisdom as FFTW's text format. Thread-safe.
    public static func export() -> String { FFTWInterface.exportWisdom() }

    /// Adds wisdom previously produced by ``export()``. Thread-safe.
    ///
    /// - Returns: `false` when FFTW could not parse the text; nothing is changed then.
    @discardableResult
    public static func `import`(_ wisdom: String) -> Bool { FFTWInterface.importWisdom(wisdom) }

    /// Discards all accumulated wisdom. Existing plans keep working. Thread-safe.
    public static func forget() { FFTWInterface.forgetWisdom() }
}
