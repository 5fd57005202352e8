// ascendc-lint bundled AscendC API: what the bisheng compiler itself provides
// (no header in asc-devkit declares these): the scalar types half/bfloat16_t
// and the low-precision types, the pipe_t/event_t/... enums, the raw
// synchronisation and DMA intrinsics, and block_idx/block_num.
//
// Values follow the public sources listed in shared/reference/ascendc-api.md
// §2.1 (AscendNPU-IR HIVMAttrs.td, the CPU-debug stubs of hicann/asc-tools
// cpudebug/include/stub_def.h + generated stub_fun.h). Shapes of the intrinsic
// prototypes follow the same stubs. Declarations only.
#pragma once

#include "ascendc_lint/macros.h"

// ascendc-lint: declarations are never defined, so uses through internal-linkage
// template arguments (e.g. a kernel's own constexpr MatmulConfig) must not warn.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-internal"

// ---- scalar types ----------------------------------------------------------------
// Clang's native 16-bit floats behave like the device types: arithmetic,
// conversions, sizeof == 2.
typedef _Float16 half;
typedef __bf16 bfloat16_t;
// bisheng's names of the 32- and 16-bit floats (no asc-devkit header declares it; the
// ops-math arch35 SIMT kernels use it, e.g. pad_v3_grad_*_simt.h).
typedef float float32_t;
typedef half float16_t;

// 8-bit / 4-bit floats (Ascend 950). Distinct one-byte types so that overloads
// on them stay distinct; never defined.
#define ASCENDC_LINT_BYTE_FLOAT(name)         \
    struct name {                             \
        uint8_t bits;                         \
        name() = default;                     \
        __aicore__ name(float value);         \
        __aicore__ operator float() const;    \
    }
ASCENDC_LINT_BYTE_FLOAT(float8_e4m3_t);
ASCENDC_LINT_BYTE_FLOAT(float8_e5m2_t);
ASCENDC_LINT_BYTE_FLOAT(float8_e8m0_t);
ASCENDC_LINT_BYTE_FLOAT(hifloat8_t);
ASCENDC_LINT_BYTE_FLOAT(float4_e2m1x2_t);
ASCENDC_LINT_BYTE_FLOAT(float4_e1m2x2_t);
#undef ASCENDC_LINT_BYTE_FLOAT

#if defined(__NPU_ARCH__) && ((__NPU_ARCH__ == 5102) || (__NPU_ARCH__ == 3510))
using fp4x2_e2m1_t = float4_e2m1x2_t;
using fp4x2_e1m2_t = float4_e1m2x2_t;
using fp8_e5m2_t = float8_e5m2_t;
using fp8_e4m3fn_t = float8_e4m3_t;
using fp8_e8m0_t = float8_e8m0_t;
#else
using fp4x2_e2m1_t = uint8_t;
using fp4x2_e1m2_t = uint8_t;
using fp8_e5m2_t = uint8_t;
using fp8_e4m3fn_t = uint8_t;
using fp8_e8m0_t = uint8_t;
#endif

#ifndef INT4X2_T_STRUCT
#define INT4X2_T_STRUCT
struct int4x2_t {
    uint8_t data;
};
#endif

// ---- built-in enums --------------------------------------------------------------
typedef enum {
    PIPE_S = 0,
    PIPE_V = 1,
    PIPE_M = 2,
    PIPE_MTE1 = 3,
    PIPE_MTE2 = 4,
    PIPE_MTE3 = 5,
    PIPE_ALL = 6,
    PIPE_MTE4 = 7,
    PIPE_MTE5 = 8,
    PIPE_V2 = 9,
    PIPE_FIX = 10,
} pipe_t;

// The CPU stub declares EVENT_ID4..7 only for NPU_ARCH 2002/2201/3002/3102;
// all eight are declared here and the range is checked per target by the
// linter (sync-event).
typedef enum {
    EVENT_ID0 = 0,
    EVENT_ID1 = 1,
    EVENT_ID2 = 2,
    EVENT_ID3 = 3,
    EVENT_ID4 = 4,
    EVENT_ID5 = 5,
    EVENT_ID6 = 6,
    EVENT_ID7 = 7,
} event_t;

typedef enum {
    DSB_ALL = 0,
    DSB_DDR = 1,
    DSB_UB = 2,
    DSB_SEQ = 3,
} mem_dsb_t;

typedef enum {
    L1 = 0,
    L0A = 1,
    L0B = 2,
    L0C = 3,
    UB = 4,
    BT = 5,
} mem_t;

typedef enum {
    PAD_NONE = 0,
    PAD_MODE1 = 1,
    PAD_MODE2 = 2,
    PAD_MODE3 = 3,
    PAD_MODE4 = 4,
    PAD_MODE5 = 5,
    PAD_MODE6 = 6,
    PAD_MODE7 = 7,
    PAD_MODE8 = 8,
} pad_t;

// Fixpipe quantisation modes. NB: the stub gives 12/13 twice
// (VSHIFTS322S16/SHIFTS322S16 and VQF322FP8_PRE/QF322FP8_PRE).
typedef enum {
    NoQuant = 0,
    F322F16 = 1,
    VQF322HIF8_PRE = 2,
    QF322HIF8_PRE = 3,
    VQF322HIF8_PRE_HYBRID = 4,
    QF322HIF8_PRE_HYBRID = 5,
    AttachF16Mul = 6,
    VREQ8 = 8,
    REQ8 = 9,
    VDEQF16 = 10,
    DEQF16 = 11,
    VSHIFTS322S16 = 12,
    SHIFTS322S16 = 13,
    VQF322FP8_PRE = 12,
    QF322FP8_PRE = 13,
    VQF322F32_PRE = 14,
    QF322F32_PRE = 15,
    F322BF16 = 16,
    VQF162B8_PRE = 17,
    QF162B8_PRE = 18,
    VQF162S4_PRE = 19,
    QF162S4_PRE = 20,
    VREQ4 = 21,
    REQ4 = 22,
    VQF322B8_PRE = 23,
    QF322B8_PRE = 24,
    VQF322S4_PRE = 25,
    QF322S4_PRE = 26,
    VDEQS16 = 27,
    DEQS16 = 28,
    VQF162S16_PRE = 29,
    QF162S16_PRE = 30,
    VQF322F16_PRE = 31,
    QF322F16_PRE = 32,
    VQF322BF16_PRE = 33,
    QF322BF16_PRE = 34,
    VQS322BF16_PRE = 35,
    QS322BF16_PRE = 36,
} QuantMode_t;

typedef enum {
    CACHELINE_ALL = 0,
    CACHELINE_UB = 1,
    CACHELINE_OUT = 2,
    CACHELINE_ATOMIC = 3,
} dcci_dst_t;

typedef enum {
    SINGLE_CACHE_LINE = 0,
    ENTIRE_DATA_CACHE = 1,
} cache_line_t;

// ---- block / core ids -------------------------------------------------------------
extern int64_t block_idx;
extern int64_t block_num;
extern int32_t sub_block_idx;

__aicore__ int64_t get_block_idx();
__aicore__ int64_t get_block_num();
__aicore__ int64_t get_subblockid();
__aicore__ int64_t get_subblockdim();
__aicore__ int64_t get_coreid();
__aicore__ uint64_t get_sys_cnt();
__aicore__ int64_t get_task_ration();

// ---- synchronisation intrinsics -------------------------------------------------------
__aicore__ void set_flag(pipe_t srcPipe, pipe_t dstPipe, event_t eventId);
__aicore__ void set_flag(pipe_t srcPipe, pipe_t dstPipe, int eventId);
__aicore__ void wait_flag(pipe_t srcPipe, pipe_t dstPipe, event_t eventId);
__aicore__ void wait_flag(pipe_t srcPipe, pipe_t dstPipe, int eventId);
__aicore__ void pipe_barrier(pipe_t pipe);
__aicore__ void ffts_cross_core_sync(pipe_t pipe, uint64_t config);
__aicore__ void wait_flag_dev(int64_t flagId);
__aicore__ void dsb(mem_dsb_t type);
__aicore__ void barrier();
__aicore__ void set_ffts_base_addr(uint64_t addr);

// ---- mask / control registers --------------------------------------------------------------
__aicore__ void set_vector_mask(uint64_t maskHigh, uint64_t maskLow);
__aicore__ void set_mask_norm();
__aicore__ void set_mask_count();
__aicore__ void set_atomic_none();
__aicore__ void set_atomic_add();
__aicore__ void set_atomic_f32();
__aicore__ void set_atomic_f16();
__aicore__ void set_atomic_bf16();
__aicore__ void set_atomic_s32();
__aicore__ void set_atomic_s16();
__aicore__ void set_atomic_s8();
__aicore__ uint64_t get_ctrl();
__aicore__ void set_ctrl(uint64_t config);
__aicore__ void set_padding(uint64_t config);

// ---- raw DMA intrinsics (burst form: sid, nBurst, lenBurst in 32-byte blocks, strides) ------
__aicore__ void copy_gm_to_ubuf(__ubuf__ void* dst, __gm__ void* src, uint8_t sid, uint16_t nBurst,
                                uint16_t lenBurst, uint16_t srcStride, uint16_t dstStride);
__aicore__ void copy_gm_to_ubuf(__ubuf__ void* dst, __gm__ void* src, uint64_t config);
__aicore__ void copy_ubuf_to_gm(__gm__ void* dst, __ubuf__ void* src, uint8_t sid, uint16_t nBurst,
                                uint16_t lenBurst, uint16_t srcStride, uint16_t dstStride);
__aicore__ void copy_ubuf_to_gm(__gm__ void* dst, __ubuf__ void* src, uint64_t config);
__aicore__ void copy_ubuf_to_ubuf(__ubuf__ void* dst, __ubuf__ void* src, uint8_t sid, uint16_t nBurst,
                                  uint16_t lenBurst, uint16_t srcStride, uint16_t dstStride);
__aicore__ void copy_gm_to_cbuf(__cbuf__ void* dst, __gm__ void* src, uint8_t sid, uint16_t nBurst,
                                uint16_t lenBurst, uint16_t srcStride, uint16_t dstStride, pad_t padMode);
__aicore__ void copy_gm_to_cbuf(__cbuf__ void* dst, __gm__ void* src, uint8_t sid, uint16_t nBurst,
                                uint16_t lenBurst, uint16_t srcStride, uint16_t dstStride);
__aicore__ void copy_ubuf_to_cbuf(__cbuf__ void* dst, __ubuf__ void* src, uint8_t sid, uint16_t nBurst,
                                  uint16_t lenBurst, uint16_t srcStride, uint16_t dstStride);
__aicore__ void copy_cbuf_to_ubuf(__ubuf__ void* dst, __cbuf__ void* src, uint8_t sid, uint16_t nBurst,
                                  uint16_t lenBurst, uint16_t srcStride, uint16_t dstStride);
__aicore__ void copy_cbuf_to_gm(__gm__ void* dst, __cbuf__ void* src, uint8_t sid, uint16_t nBurst,
                                uint16_t lenBurst, uint16_t srcStride, uint16_t dstStride);
// Byte-granular ("align") variants used by DataCopyPad.
__aicore__ void copy_gm_to_ubuf_align_b8(__ubuf__ void* dst, __gm__ void* src, uint8_t sid, uint16_t nBurst,
                                         uint32_t lenBurst, uint8_t leftPaddingNum, uint8_t rightPaddingNum,
                                         uint32_t srcGap, uint32_t dstGap);
__aicore__ void copy_gm_to_ubuf_align_b16(__ubuf__ void* dst, __gm__ void* src, uint8_t sid, uint16_t nBurst,
                                          uint32_t lenBurst, uint8_t leftPaddingNum, uint8_t rightPaddingNum,
                                          uint32_t srcGap, uint32_t dstGap);
__aicore__ void copy_gm_to_ubuf_align_b32(__ubuf__ void* dst, __gm__ void* src, uint8_t sid, uint16_t nBurst,
                                          uint32_t lenBurst, uint8_t leftPaddingNum, uint8_t rightPaddingNum,
                                          uint32_t srcGap, uint32_t dstGap);
__aicore__ void copy_ubuf_to_gm_align_b8(__gm__ void* dst, __ubuf__ void* src, uint8_t sid, uint16_t nBurst,
                                         uint32_t lenBurst, uint8_t leftPaddingNum, uint8_t rightPaddingNum,
                                         uint32_t srcGap, uint32_t dstGap);
__aicore__ void copy_ubuf_to_gm_align_b16(__gm__ void* dst, __ubuf__ void* src, uint8_t sid, uint16_t nBurst,
                                          uint32_t lenBurst, uint8_t leftPaddingNum, uint8_t rightPaddingNum,
                                          uint32_t srcGap, uint32_t dstGap);
__aicore__ void copy_ubuf_to_gm_align_b32(__gm__ void* dst, __ubuf__ void* src, uint8_t sid, uint16_t nBurst,
                                          uint32_t lenBurst, uint8_t leftPaddingNum, uint8_t rightPaddingNum,
                                          uint32_t srcGap, uint32_t dstGap);

// ---- cache maintenance ------------------------------------------------------------
__aicore__ void dcci(__gm__ void* addr, cache_line_t entire);
__aicore__ void dcci(__gm__ void* addr, cache_line_t entire, dcci_dst_t dst);
// The compiler builtin behind dcci (ops-math radix_sort calls it directly as
// `__builtin_cce_dcci(nullptr, 1, 0)`: the whole data cache; the signature
// follows that operator's unit-test stub, tests/ut/op_kernel/test_radix_sort.cpp).
extern "C" __aicore__ void __builtin_cce_dcci(void* addr, int entire, int dst);

#pragma clang diagnostic pop

#include "ascendc_lint/cce_intrinsics.h"
