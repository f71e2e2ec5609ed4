import Foundation
import Locomotion
import Testing

@Suite("LocationFix")
struct SpeedFixTests {
    @Test(arguments: [
        // speed, speedAccuracy, validity, validSpeed
        (1.5, 0.3 as Double?, LocationFix.SpeedValidity.valid, 1.5 as Double?),
        (1.5, nil, .valid, 1.5),  // the source reports no accuracy
        (0, 0, .valid, 0),
        (1.5, 1.99, .valid, 1.5),
        (1.5, 2.0, .noisy, 1.5),  // the seed keeps only speedAccuracy < 2.0
        (1.5, 4.0, .noisy, 1.5),
        (-1, -1, .invalid, nil),  // iOS: no speed
        (-1, 0.5, .invalid, nil),
        (1.5, -1, .invalid, nil),  // negative accuracy: the speed must not be used
        (-0.0, 0.5, .valid, 0),
    ])
    func classifiesAsTheSeed(speed: Double, accuracy: Double?, validity: LocationFix.SpeedValidity, valid: Double?)
        throws
    {
        let fix = try LocationFix(time: 0, speed: speed, speedAccuracy: accuracy)
        #expect(fix.speedValidity() == validity)
        #expect(fix.validSpeed == valid)
        #expect(fix.validSpeed.map { $0.sign == .plus } ?? true, "valid speeds are clamped at +0")
    }

    @Test func noiseLimitIsConfigurable() throws {
        let fix = try LocationFix(time: 0, speed: 3, speedAccuracy: 1.2)
        #expect(fix.speedValidity(noisyAccuracyLimit: 1.0) == .noisy)
        #expect(fix.speedValidity(noisyAccuracyLimit: 1.5) == .valid)
    }

    @Test func speedInKilometersPerHourForDisplay() throws {
        #expect(try LocationFix(time: 0, speed: 30, speedAccuracy: 0.5).speedKMH == 108)
        #expect(try LocationFix(time: 0, speed: -1, speedAccuracy: -1).speedKMH == -1)
        #expect(try LocationFix(time: 0, speed: 10, speedAccuracy: -1).speedKMH == -1)
        #expect(try LocationFix(time: 0, speed: 10, speedAccuracy: 5).speedKMH == 36, "noisy speeds are still speeds")
    }

    @Test(arguments: [
        ("time", Double.nan, 1.0, 0.5 as Double?, nil as Double?),
        ("speed", 0, .infinity, 0.5, nil),
        ("speedAccuracy", 0, 1, .nan, nil),
        ("horizontalAccuracy", 0, 1, 0.5, -.infinity),
    ])
    func nonFiniteFieldsThrowNamingTheField(
        field: String, time: Double, speed: Double, accuracy: Double?, horizontal: Double?
    ) {
        #expect {
            try LocationFix(time: time, speed: speed, speedAccuracy: accuracy, horizontalAccuracy: horizontal)
        } throws: { error in
            let error = error as? LocomotionError
            return error?.code == .invalidParameter && error?.parameter == field
        }
    }

    @Test func coordinatesAreCheckedAndKept() throws {
        let coordinate = try LocationFix.Coordinate(latitude: 53.1157, longitude: 8.8901)
        let fix = try LocationFix(
            time: 2, speed: 4, speedAccuracy: nil, horizontalAccuracy: 13.7, coordinate: coordinate)
        #expect(fix.coordinate?.latitude == 53.1157 && fix.horizontalAccuracy == 13.7)
        #expect(throws: LocomotionError.self) { try LocationFix.Coordinate(latitude: 91, longitude: 0) }
        #expect(throws: LocomotionError.self) { try LocationFix.Coordinate(latitude: 0, longitude: .nan) }
        #expect(throws: LocomotionError.self) { try LocationFix.Coordinate(latitude: 0, longitude: -181) }
    }
}
