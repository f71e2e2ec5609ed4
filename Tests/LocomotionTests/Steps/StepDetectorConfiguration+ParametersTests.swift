import Foundation
import Locomotion
import Testing

@Suite("StepDetectorConfiguration parameters by name")
struct StepDetectorParameterTableTests {
    /// The stored properties of the configuration, found by reflection (as the command line once
    /// did), so a parameter added to the configuration and not to the table fails here.
    static var reflectedPaths: [String] {
        var paths: [String] = []
        for child in Mirror(reflecting: StepDetectorConfiguration()).children {
            guard let label = child.label else { continue }
            let members = Mirror(reflecting: child.value)
            if members.displayStyle == .struct, !members.children.isEmpty {
                paths += members.children.compactMap { $0.label.map { "\(label).\($0)" } }
            } else {
                paths.append(label)
            }
        }
        return paths
    }

    @Test func theTableListsEveryStoredParameterOnceInDeclarationOrder() {
        let paths = StepDetectorConfiguration.parameters.map(\.path)
        #expect(paths == Self.reflectedPaths)
        #expect(Set(StepDetectorConfiguration.parameters.map(\.name)).count == paths.count, "names are unique")
        #expect(StepDetectorConfiguration.parameters.allSatisfy { !$0.summary.isEmpty })
    }

    @Test func eachParameterReadsTheValueItNames() throws {
        let trunk = StepDetectorConfiguration.trunk
        let parameter = try #require(StepDetectorConfiguration.parameter(named: "context.maximumVerticalDeficit"))
        #expect(parameter.value(in: trunk) == .number(0.25))
        #expect(parameter.value(in: StepDetectorConfiguration()) == .none)
        #expect(parameter.isOptional && parameter.kind == .number && parameter.unit == "g")
        let runLength = try #require(StepDetectorConfiguration.parameter(named: "minimumRunLength"))
        #expect(runLength.path == "bout.minimumRunLength" && runLength.value(in: trunk) == .wholeNumber(4))
        let periods = try #require(StepDetectorConfiguration.parameter(named: "stepPeriods"))
        #expect(periods.value(in: trunk) == .range(0.25...1.7))
        #expect(periods.value(in: .activityWindow) == .range(0.25...1.25))
        #expect(StepDetectorConfiguration.parameter(named: "nonsense") == nil)
        #expect(StepDetectorConfiguration.parameter(named: "bout.minimumProminence") == nil)
    }

    /// Setting every parameter by name changes that one property only, as an edit of the
    /// configuration's JSON (the command line's former way) does.
    @Test(arguments: StepDetectorConfiguration.parameters.map(\.path))
    func settingByNameEqualsEditingTheEncodedConfiguration(path: String) throws {
        let parameter = try #require(StepDetectorConfiguration.parameter(named: path))
        let (text, json): (String, Any) =
            switch parameter.kind {
            case .number: ("0.375", 0.375)
            case .wholeNumber: ("7", 7)
            case .range: ("-0.125...0.5", [-0.125, 0.5])
            }
        var configuration = StepDetectorConfiguration.trunk
        try configuration.setParameter(path, to: text)
        #expect(parameter.value(in: configuration).description == (parameter.kind == .wholeNumber ? "7" : text))

        var object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(StepDetectorConfiguration.trunk))
                as? [String: Any])
        if let group = parameter.group {
            var members = try #require(object[group] as? [String: Any])
            members[parameter.name] = json
            object[group] = members
        } else {
            object[parameter.name] = json
        }
        let edited = try JSONDecoder().decode(
            StepDetectorConfiguration.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(configuration == edited)
        #expect(configuration != StepDetectorConfiguration.trunk)
    }

    @Test(arguments: [
        ("lowPassCutoff", "nan"), ("lowPassCutoff", "inf"), ("lowPassCutoff", "abc"), ("minimumRunLength", "2.5"),
        ("minimumRunLength", "1e308"), ("stepPeriods", "1"), ("stepPeriods", "2...1"),
        ("initialContactSearch", "0...inf"), ("maximumGap", "inf"), ("nonsense", "1"),
    ])
    func valuesOfTheWrongShapeAreRefusedAndLeaveTheConfigurationAlone(name: String, text: String) {
        var configuration = StepDetectorConfiguration()
        #expect {
            try configuration.setParameter(name, to: text)
        } throws: { error in
            (error as? LocomotionError)?.code == .invalidParameter
                && (error as? LocomotionError)?.parameter == StepDetectorConfiguration.parameter(named: name)?.path
                    ?? name
        }
        #expect(configuration == StepDetectorConfiguration())
    }

    @Test func typedValuesSetOptionalParametersOffAndRefuseOtherKinds() throws {
        var configuration = StepDetectorConfiguration.trunk
        let deficit = try #require(StepDetectorConfiguration.parameter(named: "maximumVerticalDeficit"))
        try deficit.set(.none, in: &configuration)
        #expect(configuration.context.maximumVerticalDeficit == nil)
        let search = try #require(StepDetectorConfiguration.parameter(named: "initialContactSearch"))
        try search.set(.none, in: &configuration)
        #expect(configuration.timing.initialContactSearch == nil)
        let cutoff = try #require(StepDetectorConfiguration.parameter(named: "lowPassCutoff"))
        #expect(throws: LocomotionError.self) { try cutoff.set(.none, in: &configuration) }
        #expect(throws: LocomotionError.self) { try cutoff.set(.wholeNumber(3), in: &configuration) }
        #expect(throws: LocomotionError.self) { try cutoff.set(.number(.nan), in: &configuration) }
        #expect(configuration.candidates.lowPassCutoff == 3)
    }

    @Test func rangesThatDependOnOtherParametersAreLeftToValidate() throws {
        var configuration = StepDetectorConfiguration()
        try configuration.setParameter("minimumRunLength", to: "0")
        #expect(configuration.bout.minimumRunLength == 0)
        #expect(throws: LocomotionError.self) { try configuration.validate() }
    }
}
