import CFFTW
import Foundation

// Every call into FFTW goes through this file, so the C surface of the package is visible in
// one place. FFTW's planner (plan creation and destruction, wisdom) is not thread-safe; plan
// execution is. `FFTWInterface.plannerLock` serialises the former and nothing else.

extension FFTPlanningRigor {
    /// The FFTW planner flag for the rigor.
    var flags: UInt32 {
        switch self {
        case .estimate: return UInt32(FFTW_ESTIMATE)
        case .measure: return UInt32(FFTW_MEASURE)
        case .patient: return UInt32(FFTW_PATIENT)
        }
    }
}

/// Thin wrappers over the FFTW calls the package uses.
enum FFTWInterface {
    /// Serialises FFTW's planner. Never held while executing a plan.
    static let plannerLock = NSLock()

    typealias Plan = OpaquePointer

    static func allocateReal(_ count: Int) -> UnsafeMutablePointer<Double>? {
        fftw_alloc_real(count)
    }

    static func allocateComplex(_ count: Int) -> UnsafeMutablePointer<ComplexDouble>? {
        guard let raw = fftw_alloc_complex(count) else { return nil }
        return UnsafeMutableRawPointer(raw).bindMemory(to: ComplexDouble.self, capacity: count)
    }

    static func free(_ pointer: UnsafeMutableRawPointer) {
        fftw_free(pointer)
    }

    /// The SIMD alignment class of `pointer` as FFTW sees it; plans made on arrays of
    /// alignment class 0 may only be executed on arrays of class 0.
    static func alignment(of pointer: UnsafeRawPointer) -> Int32 {
        fftw_alignment_of(UnsafeMutableRawPointer(mutating: pointer).assumingMemoryBound(to: Double.self))
    }

    static func planRealToComplex(
        count: Int, input: UnsafeMutablePointer<Double>, output: UnsafeMutablePointer<ComplexDouble>,
        flags: UInt32
    ) -> Plan? {
        plannerLock.withLock {
            output.withMemoryRebound(to: fftw_complex.self, capacity: count / 2 + 1) {
                fftw_plan_dft_r2c_1d(Int32(count), input, $0, flags)
            }
        }
    }

    /// A c2r plan; with `preservingInput` false FFTW may overwrite the input bins, which lets it
    /// pick faster algorithms.
    static func planComplexToReal(
        count: Int, input: UnsafeMutablePointer<ComplexDouble>, output: UnsafeMutablePointer<Double>,
        flags: UInt32, preservingInput: Bool = true
    ) -> Plan? {
        plannerLock.withLock {
            input.withMemoryRebound(to: fftw_complex.self, capacity: count / 2 + 1) {
                fftw_plan_dft_c2r_1d(
                    Int32(count), $0, output, flags | UInt32(preservingInput ? FFTW_PRESERVE_INPUT : FFTW_DESTROY_INPUT)
                )
            }
        }
    }

    static func destroy(_ plan: Plan) {
        plannerLock.withLock { fftw_destroy_plan(plan) }
    }

    /// New-array execution; thread-safe, takes no lock.
    @inline(__always)
    static func executeRealToComplex(
        _ plan: Plan, input: UnsafePointer<Double>, output: UnsafeMutablePointer<ComplexDouble>, count: Int
    ) {
        output.withMemoryRebound(to: fftw_complex.self, capacity: count / 2 + 1) {
            // r2c plans never write their input; FFTW's signature is simply not const.
            fftw_execute_dft_r2c(plan, UnsafeMutablePointer(mutating: input), $0)
        }
    }

    /// New-array execution; thread-safe, takes no lock. The input is preserved when the plan
    /// was made preserving it.
    @inline(__always)
    static func executeComplexToReal(
        _ plan: Plan, input: UnsafePointer<ComplexDouble>, output: UnsafeMutablePointer<Double>, count: Int
    ) {
        UnsafeMutablePointer(mutating: input).withMemoryRebound(to: fftw_complex.self, capacity: count / 2 + 1) {
            fftw_execute_dft_c2r(plan, $0, output)
        }
    }

    static func exportWisdom() -> String {
        plannerLock.withLock {
            guard let cString = fftw_export_wisdom_to_string() else { return "" }
            defer { Foundation.free(cString) }
            return String(cString: cString)
        }
    }

    static func importWisdom(_ wisdom: String) -> Bool {
        plannerLock.withLock { fftw_import_wisdom_from_string(wisdom) != 0 }
    }

    static func forgetWisdom() {
        plannerLock.withLock { fftw_forget_wisdom() }
    }
}
