import Foundation

/// A rotation as a unit quaternion (w, x, y, z): the phone's attitude, a sway, a heading.
struct Rotation: Sendable, Hashable {
    var w: Double, x: Double, y: Double, z: Double

    static let identity = Rotation(w: 1, x: 0, y: 0, z: 0)

    init(w: Double, x: Double, y: Double, z: Double) {
        self.w = w
        self.x = x
        self.y = y
        self.z = z
    }

    /// The rotation by `angle` radians about the unit vector `axis`.
    init(axis: SIMD3<Double>, angle: Double) {
        let s = sin(angle / 2)
        self.init(w: cos(angle / 2), x: axis.x * s, y: axis.y * s, z: axis.z * s)
    }

    /// The rotation whose rotation vector (axis × angle, radians) is `vector`.
    init(rotationVector vector: SIMD3<Double>) {
        let angle = (vector * vector).sum().squareRoot()
        if angle < 1e-12 {
            self.init(w: 1, x: vector.x / 2, y: vector.y / 2, z: vector.z / 2)
            self = normalized
        } else {
            self.init(axis: vector / angle, angle: angle)
        }
    }

    /// The rotation that takes the standard axes to the columns `ex`, `ey`, `ez` (orthonormal,
    /// right-handed), by Shepperd's method.
    init(columns ex: SIMD3<Double>, _ ey: SIMD3<Double>, _ ez: SIMD3<Double>) {
        let (m00, m11, m22) = (ex.x, ey.y, ez.z)
        let trace = m00 + m11 + m22
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            self.init(w: s / 4, x: (ey.z - ez.y) / s, y: (ez.x - ex.z) / s, z: (ex.y - ey.x) / s)
        } else if m00 > m11 && m00 > m22 {
            let s = (1 + m00 - m11 - m22).squareRoot() * 2
            self.init(w: (ey.z - ez.y) / s, x: s / 4, y: (ey.x + ex.y) / s, z: (ez.x + ex.z) / s)
        } else if m11 > m22 {
            let s = (1 + m11 - m00 - m22).squareRoot() * 2
            self.init(w: (ez.x - ex.z) / s, x: (ey.x + ex.y) / s, y: s / 4, z: (ez.y + ey.z) / s)
        } else {
            let s = (1 + m22 - m00 - m11).squareRoot() * 2
            self.init(w: (ex.y - ey.x) / s, x: (ez.x + ex.z) / s, y: (ez.y + ey.z) / s, z: s / 4)
        }
        self = normalized
    }

    var normalized: Rotation {
        let n = (w * w + x * x + y * y + z * z).squareRoot()
        return Rotation(w: w / n, x: x / n, y: y / n, z: z / n)
    }

    var inverse: Rotation { Rotation(w: w, x: -x, y: -y, z: -z) }

    /// `self` after `other`: rotating by the product rotates by `other` first.
    static func * (lhs: Rotation, rhs: Rotation) -> Rotation {
        Rotation(
            w: lhs.w * rhs.w - lhs.x * rhs.x - lhs.y * rhs.y - lhs.z * rhs.z,
            x: lhs.w * rhs.x + lhs.x * rhs.w + lhs.y * rhs.z - lhs.z * rhs.y,
            y: lhs.w * rhs.y - lhs.x * rhs.z + lhs.y * rhs.w + lhs.z * rhs.x,
            z: lhs.w * rhs.z + lhs.x * rhs.y - lhs.y * rhs.x + lhs.z * rhs.w)
    }

    /// `v` rotated.
    func apply(_ v: SIMD3<Double>) -> SIMD3<Double> {
        let u = SIMD3(x, y, z)
        let t = 2 * cross(u, v)
        return v + w * t + cross(u, t)
    }

    /// The rotation vector (axis × angle, radians, angle in [0, π]).
    var rotationVector: SIMD3<Double> {
        let q = w < 0 ? Rotation(w: -w, x: -x, y: -y, z: -z) : self
        let s = (q.x * q.x + q.y * q.y + q.z * q.z).squareRoot()
        if s < 1e-12 { return SIMD3(q.x, q.y, q.z) * 2 }
        let angle = 2 * atan2(s, q.w)
        return SIMD3(q.x, q.y, q.z) * (angle / s)
    }

    /// Spherical linear interpolation from `self` (at 0) to `other` (at 1).
    func slerp(to other: Rotation, _ fraction: Double) -> Rotation {
        let delta = inverse * other
        return self * Rotation(rotationVector: delta.rotationVector * fraction)
    }

    /// A rotation drawn uniformly over all attitudes (Shoemake, Graphics Gems III, 1992).
    static func uniform(_ random: inout SimulationRandom) -> Rotation {
        let (u1, u2, u3) = (random.unit(), random.unit(), random.unit())
        let a = (1 - u1).squareRoot(), b = u1.squareRoot()
        return Rotation(
            w: a * sin(2 * .pi * u2), x: a * cos(2 * .pi * u2), y: b * sin(2 * .pi * u3), z: b * cos(2 * .pi * u3)
        ).normalized
    }
}

func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}
