/// One column of a ``FeatureSchema``: a stable name, its unit and what it measures.
public struct FeatureDescriptor: Sendable, Hashable, Codable {
    /// The stable, machine-friendly name, for example `acc_mag_mean`: lower case, digits and
    /// underscores. Names never change meaning within a schema version.
    public var name: String
    /// The unit of the value, for example `g`, `Hz`, `1` for a dimensionless ratio.
    public var unit: String
    /// One line saying what the value is.
    public var summary: String

    /// Creates a descriptor.
    ///
    /// - Parameters:
    ///   - name: The stable name; unique within a schema.
    ///   - unit: The unit (`1` for dimensionless).
    ///   - summary: One line of description.
    public init(name: String, unit: String, summary: String) {
        self.name = name
        self.unit = unit
        self.summary = summary
    }
}
