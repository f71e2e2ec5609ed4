/*
 * Heap allocation counting for the benchmarks (Linux with glibc).
 *
 * The executable defines malloc, calloc, realloc, memalign, aligned_alloc and posix_memalign.
 * Because the shared libraries it links (the Swift runtime, Foundation, FFTW) refer to these
 * symbols, the linker exports the executable's definitions and the dynamic loader binds every
 * library's calls to them. Each definition counts the call and forwards to glibc's own
 * allocator (its exported __libc_* entry points), so memory still comes from, and goes back to,
 * glibc: free is not redefined. Elsewhere the count stays at zero; the Swift side checks that
 * allocating an array moves it before trusting it.
 */

#include "CFFTWBaseline.h"

#if defined(__linux__) && defined(__GLIBC__)

#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static uint64_t allocation_count;

static inline void count_one(void) { __atomic_fetch_add(&allocation_count, 1, __ATOMIC_RELAXED); }

void *malloc(size_t size) {
    count_one();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_one();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_one();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    count_one();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) return ENOMEM;
    *result = pointer;
    return 0;
}

uint64_t locomotion_allocation_count(void) { return __atomic_load_n(&allocation_count, __ATOMIC_RELAXED); }

#else

uint64_t locomotion_allocation_count(void) { return 0; }

#endif
