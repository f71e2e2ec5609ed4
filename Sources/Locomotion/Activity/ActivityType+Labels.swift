import Foundation

extension ActivityType {
    /// The activity a dataset's label names, for scoring a classifier against labelled
    /// recordings; `nil` for labels that name no single activity (postural transitions such as
    /// "stand to sit", "unlabelled", sports like badminton, or a vehicle's stop, which is both
    /// stationary and driving).
    ///
    /// Matching ignores case, spaces, hyphens and underscores. Known names: walking, walk,
    /// walking upstairs or downstairs, upstairs, downstairs, stairs (walking); running, run,
    /// jogging, jog (running); cycling, bicycle, bike (cycling); driving, car, bus, tram, train,
    /// metro, subway, in vehicle, vehicle moving (driving); stationary, still, sitting, sit,
    /// standing, stand, lying, laying, lie (stationary); and every stable identifier.
    ///
    /// - Complexity: O(*m*) in the label's length.
    public init?(label: String) {
        let key = String(label.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
        guard let activity = Self.labelNames[key] else { return nil }
        self = activity
    }

    private static let labelNames: [String: ActivityType] = {
        var names: [String: ActivityType] = [:]
        let groups: [(ActivityType, [String])] = [
            (
                .walking,
                ["walking", "walk", "walkingupstairs", "walkingdownstairs", "upstairs", "downstairs", "stairs"]
            ),
            (.running, ["running", "run", "jogging", "jog"]),
            (.cycling, ["cycling", "bicycle", "bike"]),
            (.driving, ["driving", "car", "bus", "tram", "train", "metro", "subway", "invehicle", "vehiclemoving"]),
            (.stationary, ["stationary", "still", "sitting", "sit", "standing", "stand", "lying", "laying", "lie"]),
        ]
        for (activity, labels) in groups { for label in labels { names[label] = activity } }
        return names
    }()
}
