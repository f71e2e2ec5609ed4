import Foundation
import Locomotion
import Testing

@Suite struct ActivityTrainingSetTests {
    /// A 40 s recording at 50 Hz with the given label on each 10 s quarter.
    func recording(_ labels: [String]) throws -> Recording {
        let count = 2000
        let time = (0..<count).map { Double($0) / 50 }
        let z = time.map { 1 + 0.2 * sin(2 * Double.pi * 1.8 * $0) }
        let zeros = [Double](repeating: 0, count: count)
        return Recording(
            source: "test", time: time, acceleration: ThreeAxisSeries(x: zeros, y: zeros, z: z),
            labels: (0..<count).map { labels[$0 * labels.count / count] })
    }

    @Test func windowsTakeTheirLabelOnlyWhenEverySampleAgrees() throws {
        let recording = try recording(["walking", "sitting", "stand to sit", "car"])
        let table = try recording.features()
        var set = ActivityTrainingSet(featureNames: ["acc_mag_std", "gait_step_count"])
        try set.add(table, of: recording, group: "p1")
        let truths = ActivityTrainingSet.truths(of: table, recording: recording)
        #expect(truths.count == table.count)
        #expect(set.count == truths.compactMap(\.activity).count)
        #expect(Set(set.activities) == [.walking, .stationary, .driving])
        #expect(set.dropped["mixed label"]! > 0 && set.dropped["unmapped label"]! > 0)
        #expect(set.count + set.dropped.values.reduce(0, +) == table.count)
        #expect(set.matrix.columnCount == 2 && set.matrix.rowCount == set.count)
        // A whole-file activity labels every window.
        var whole = ActivityTrainingSet(featureNames: ["acc_mag_std"])
        try whole.add(table, of: recording, group: "p2", activity: .cycling)
        #expect(whole.count == table.count && whole.activities.allSatisfy { $0 == .cycling })
        #expect(throws: LocomotionError.self) {
            var bad = ActivityTrainingSet(featureNames: ["no_such_feature"])
            try bad.add(table, of: recording, group: "p3")
        }
    }

    @Test func groupedFoldsNeverSplitAGroupAndAreDeterministic() throws {
        let recording = try recording(["walking", "sitting", "walking", "sitting"])
        let table = try recording.features()
        var set = ActivityTrainingSet(featureNames: ["acc_mag_std"])
        for group in ["a", "b", "c", "d", "e"] { try set.add(table, of: recording, group: group, activity: .walking) }
        let folds = try set.groupedFolds(3)
        #expect(folds.count == 3)
        #expect(folds.flatMap { $0 }.sorted() == Array(0..<set.count))
        for fold in folds {
            let groups = Set(fold.map { set.groups[$0] })
            for other in folds where other != fold { #expect(groups.isDisjoint(with: other.map { set.groups[$0] })) }
        }
        #expect(try set.groupedFolds(3) == folds)
        #expect(throws: LocomotionError.self) { try set.groupedFolds(6) }
        #expect(throws: LocomotionError.self) { try set.groupedFolds(1) }
        let subset = set.subset(folds[0])
        #expect(subset.count == folds[0].count && subset.groups == folds[0].map { set.groups[$0] })
    }

    @Test func theSetKeepsItsTablesSchemaAndRefusesATableMadeDifferently() throws {
        let recording = try recording(["walking"])
        var set = ActivityTrainingSet(featureNames: ["acc_mag_std", "gait_step_count"])
        #expect(set.schema == nil)
        try set.add(try recording.features(sampleRate: 50), of: recording, group: "a")
        let schema = try #require(set.schema)
        #expect(schema.names == set.featureNames && schema.descriptors.map(\.unit) == ["g", "steps"])
        #expect(schema.parameters?.sampleRate == 50 && schema.parameters?.windowDuration == 2.56)
        #expect(set.subset([0]).schema == schema)
        // Another rate: the set no longer has one rate.
        try set.add(try recording.features(sampleRate: 25), of: recording, group: "b")
        #expect(set.schema?.parameters?.sampleRate == nil)
        #expect(set.schema?.parameters?.hop == 1.28)
        // Another hop or gait band is refused, naming it.
        for configuration in [FeatureConfiguration(hop: 0.64), FeatureConfiguration(gaitBand: 0.5...3)] {
            #expect {
                try set.add(try recording.features(configuration, sampleRate: 50), of: recording, group: "c")
            } throws: { error in
                let message = (error as? LocomotionError)?.message ?? ""
                return (error as? LocomotionError)?.code == .schemaMismatch
                    && (message.contains("hop 1.28 s, not 0.64 s")
                        || message.contains("gait band 0.6–2.5 Hz, not 0.5–3 Hz"))
            }
        }
    }
}
