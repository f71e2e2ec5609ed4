/// One pixel column of a downsampled series: the smallest and largest value of its samples.
@_spi(Testing) public struct EnvelopeColumn: Equatable {
    /// The column, `0..<columnCount`.
    public var column: Int
    public var minimum: Double
    public var maximum: Double
}
