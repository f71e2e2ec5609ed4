#ifndef LOCOMOTION_CFFTW_BASELINE_H
#define LOCOMOTION_CFFTW_BASELINE_H

/*
 * The C reference point for the FFT benchmarks: FFTW called directly, the way a C program
 * would, with no Swift in the timed loop.
 *
 * A baseline owns one FFTW_ESTIMATE real-to-complex plan of length n, planned on (and executed
 * in place on) its own fftw_malloc'd input and output arrays. Timing happens inside C with
 * clock_gettime(CLOCK_MONOTONIC), so the only cost measured is fftw_execute plus reading one
 * output bin per transform (the same work the Swift loops do).
 *
 * Not thread-safe: create and destroy call FFTW's planner, which must not run concurrently
 * with any other planning in the process.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** An FFTW plan with its arrays; opaque. */
typedef struct CFFTWBaseline CFFTWBaseline;

/**
 * Plans a forward real transform of `n` samples and copies `samples[0..<n]` into its input.
 * Returns NULL when `n < 1` or FFTW cannot allocate or plan.
 */
CFFTWBaseline *_Nullable cfftw_baseline_create(int n, const double *_Nonnull samples);

/** Destroys the plan and frees its arrays. Accepts NULL. */
void cfftw_baseline_destroy(CFFTWBaseline *_Nullable baseline);

/** The transform length. */
int cfftw_baseline_count(const CFFTWBaseline *_Nonnull baseline);

/**
 * Executes the plan `iterations` times, adding the real part of bin 1 (bin 0 when n == 1) of
 * each result to a running checksum, and returns the elapsed CLOCK_MONOTONIC time in
 * nanoseconds. The checksum is stored in the baseline (see cfftw_baseline_checksum) so the
 * work cannot be optimised away.
 */
uint64_t cfftw_baseline_run(CFFTWBaseline *_Nonnull baseline, int64_t iterations);

/** The checksum accumulated by every cfftw_baseline_run so far. */
double cfftw_baseline_checksum(const CFFTWBaseline *_Nonnull baseline);

/**
 * The output of the most recent transform as interleaved (real, imaginary) pairs,
 * n / 2 + 1 of them, for checking that the Swift paths compute the same thing.
 */
const double *_Nonnull cfftw_baseline_output(const CFFTWBaseline *_Nonnull baseline);

/** `fftw_alignment_of` of the baseline's input and output arrays (0 means SIMD-aligned). */
int cfftw_baseline_input_alignment(const CFFTWBaseline *_Nonnull baseline);
int cfftw_baseline_output_alignment(const CFFTWBaseline *_Nonnull baseline);

/** `fftw_alignment_of` of any pointer, for reporting how FFTW sees Swift's buffers. */
int cfftw_baseline_alignment_of(const void *_Nonnull pointer);

/**
 * Heap allocations (malloc, calloc, realloc and the aligned allocators, from any library or
 * thread) since the process started, counted by allocation_counter.c; always 0 where the
 * counter cannot be installed (not Linux with glibc).
 */
uint64_t locomotion_allocation_count(void);

#ifdef __cplusplus
}
#endif

#endif
