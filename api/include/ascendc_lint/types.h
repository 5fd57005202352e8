// ascendc-lint bundled AscendC API: the enums, constants and small type
// utilities of namespace AscendC (TPosition, HardEvent, Hardware, modes,
// memory sizes, PrimT/TensorTrait, AscendC::Std).
//
// Mirrors (values and names only; written for this project):
//   mirror-cann/asc-devkit impl/basic_api/common_types.h              (TPosition)
//   mirror-cann/asc-devkit impl/basic_api/kernel_event.h               (HardEvent, MemDsbT)
//   mirror-cann/asc-devkit impl/utils/common_types.h                   (Hardware, int4b_t)
//   mirror-cann/asc-devkit impl/basic_api/utils/kernel_utils_mode.h    (RoundMode, CMPMODE, SELMODE, ...)
//   mirror-cann/asc-devkit impl/basic_api/utils/kernel_utils_constants.h (sizes, strides)
#pragma once

#include <tuple>
#include <type_traits>

#include "ascendc_lint/builtins.h"

// ascendc-lint: declarations are never defined, so uses through internal-linkage
// template arguments (e.g. a kernel's own constexpr MatmulConfig) must not warn.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-internal"

namespace AscendC {

// ---- positions, events, hardware ---------------------------------------------------
enum class TPosition : uint8_t {
    GM = 0,
    A1 = 1,
    A2 = 2,
    B1 = 3,
    B2 = 4,
    C1 = 5,
    C2 = 6,
    CO1 = 7,
    CO2 = 8,
    VECIN = 9,
    VECOUT = 10,
    VECCALC = 11,
    LCM = VECCALC,
    SPM = 12,
    SHM = SPM,
    TSCM = 13,
    C2PIPE2GM = 14,
    C2PIPE2LOCAL = 15,
    MAX = 16,
};
using QuePosition = TPosition;

// "SRC_DST": the pipe that sets the flag, then the pipe that waits on it.
enum class HardEvent : uint8_t {
    MTE2_MTE1 = 0,
    MTE1_MTE2 = 1,
    MTE1_M = 2,
    M_MTE1 = 3,
    MTE2_V = 4,
    V_MTE2 = 5,
    MTE3_V = 6,
    V_MTE3 = 7,
    M_V = 8,
    V_M = 9,
    V_V = 10,
    MTE3_MTE1 = 11,
    MTE1_MTE3 = 12,
    MTE1_V = 13,
    MTE2_M = 14,
    M_MTE2 = 15,
    V_MTE1 = 16,
    M_FIX = 17,
    FIX_M = 18,
    MTE3_MTE2 = 19,
    MTE2_MTE3 = 20,
    S_V = 21,
    V_S = 22,
    S_MTE2 = 23,
    MTE2_S = 24,
    S_MTE3 = 25,
    MTE3_S = 26,
    MTE2_FIX = 27,
    FIX_MTE2 = 28,
    FIX_S = 29,
    M_S = 30,
    FIX_MTE3 = 31,
    MTE1_FIX = 32,
    FIX_MTE1 = 33,
    FIX_FIX = 34,
#if defined(__NPU_ARCH__) && ((__NPU_ARCH__ == 5102) || (__NPU_ARCH__ == 3003))
    FIX_V,
    V_FIX,
#endif
    MAX,
};

// Subsets valid on the split cube (AIC) and vector (AIV) cores.
enum class HardEventAic : uint8_t {
    MTE2_MTE1,
    MTE1_MTE2,
    MTE1_M,
    M_MTE1,
    MTE3_MTE1,
    MTE1_MTE3,
    MTE2_M,
    M_MTE2,
    M_FIX,
    FIX_M,
    MTE3_MTE2,
    MTE2_MTE3,
    S_MTE2,
    MTE2_S,
    S_MTE3,
    MTE3_S,
    MTE2_FIX,
    FIX_MTE2,
    FIX_S,
    M_S,
    FIX_MTE3,
    MTE1_FIX,
    FIX_MTE1,
    FIX_FIX,
    MAX,
};

enum class HardEventAiv : uint8_t {
    MTE2_V,
    V_MTE2,
    MTE3_V,
    V_MTE3,
    V_V,
    MTE3_MTE2,
    MTE2_MTE3,
    S_V,
    V_S,
    S_MTE2,
    MTE2_S,
    S_MTE3,
    MTE3_S,
    MAX,
};

enum class Hardware : uint8_t { GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF, MAX };

enum class MemoryT : uint8_t { L1 = 0, L0A, L0B, L0C, UB, BIAS };

enum class MemDsbT : uint8_t { ALL = 0, DDR, UB, SEQ };

enum class TBufState : uint8_t { FREE = 0, OCCUPIED, ENQUE, DEQUE };

enum class ReduceType { NONE = -1, SUM = 0, MAX, MIN };

using TEventID = int8_t;
using TTagType = int32_t;
using TBufHandle = uint8_t*;
using MutexID = uint8_t;

constexpr TEventID INVALID_TEVENTID = -1;

// Core types (sys_constants.h); g_coreType is MIX/AIC/AIV.
constexpr int32_t MIX = 0;
constexpr int32_t AIC = 1;
constexpr int32_t AIV = 2;

// ---- modes -------------------------------------------------------------------------
enum class RoundMode : uint8_t {
    CAST_NONE = 0,
    CAST_RINT,
    CAST_FLOOR,
    CAST_CEIL,
    CAST_ROUND,
    CAST_TRUNC,
    CAST_ODD,
    CAST_HYBRID,
    CAST_EVEN,
    CAST_ZERO,
    UNKNOWN = 0xFF,
};

enum class CMPMODE : uint8_t { LT = 0, GT, EQ, LE, GE, NE };

enum class SELMODE : uint8_t {
    VSEL_CMPMASK_SPR = 0,
    VSEL_TENSOR_SCALAR_MODE,
    VSEL_TENSOR_TENSOR_MODE,
};

enum class DeqScale : uint8_t { DEQ_NONE = 0, DEQ, VDEQ, DEQ8, VDEQ8, DEQ16, VDEQ16 };

enum class ReduceMode : uint8_t { REDUCE_MAX = 0, REDUCE_MIN, REDUCE_SUM };

enum class ReduceOrder : uint8_t {
    ORDER_VALUE_INDEX = 0,
    ORDER_INDEX_VALUE,
    ORDER_ONLY_VALUE,
    ORDER_ONLY_INDEX,
};

enum class BlockMode : uint8_t {
    BLOCK_MODE_NORMAL = 0,
    BLOCK_MODE_MATRIX,
    BLOCK_MODE_VECTOR,
    BLOCK_MODE_SMALL_CHANNEL,
    BLOCK_MODE_DEPTHWISE,
};

enum class ClipReluMode { NOCLIP_RELU = 0, CLIP_RELU = 1 };
enum class ReluMode { NO_RELU = 0, NORMAL_RELU = 1, SCALAR_RELU = 2, VECTOR_RELU = 3 };
enum class CLAMPMODE { CLAMP_MAX = 0, CLAMP_MIN };
enum class DeQuantMode : uint8_t { DEQUANT_WITH_SINGLE_ROW = 0, DEQUANT_WITH_MULTI_ROW };
enum class SpecialPurposeReg { AR = 0 };
enum class MaskMode : uint8_t { NORMAL = 0, COUNTER };
enum class PaddingMode : uint8_t { Normal = 0, Compact };
enum class DataCopyMVType : uint8_t { UB_TO_OUT = 0, OUT_TO_UB = 1 };
enum class FmatrixMode : uint8_t { FMATRIX_LEFT = 0, FMATRIX_RIGHT = 1 };
enum class HF32Mode { ENABLE, DISABLE };
enum class HF32TransMode { NEAREST_ZERO, NEAREST_EVEN };
enum class AtomicDtype { ATOMIC_NONE = 0, ATOMIC_F32, ATOMIC_F16, ATOMIC_S16, ATOMIC_S32, ATOMIC_S8, ATOMIC_BF16 };
enum class AtomicOp { ATOMIC_SUM = 0 };
enum class CacheMode { CACHE_MODE_DISABLE = 0, CACHE_MODE_NORMAL = 1, CACHE_MODE_LAST = 2, CACHE_MODE_PERSISTENT = 4 };
enum class CacheRwMode { READ = 1, WRITE = 2, RW = 3 };
enum class CacheLine : uint64_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };
enum class DcciDst : uint64_t { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };
enum class GatherMaskMode : uint8_t { VERSION_V1 = 0, VERSION_V2 = 1 };
#if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 2201)
constexpr GatherMaskMode defaultGatherMaskMode = GatherMaskMode::VERSION_V2;
#else
constexpr GatherMaskMode defaultGatherMaskMode = GatherMaskMode::VERSION_V1;
#endif
constexpr GatherMaskMode defaultGahterMaskMode = defaultGatherMaskMode; // sic, upstream spelling

#ifndef ASCC_ENUM_DATAFORMAT
#define ASCC_ENUM_DATAFORMAT
enum class DataFormat : uint8_t { ND = 0, NZ, NCHW, NC1HWC0, NHWC, NCDHW, NDC1HWC0, FRACTAL_Z_3D };
#endif

struct SyncAllConfig {
    pipe_t triggerPipe;
    pipe_t waitPipe;
};
constexpr SyncAllConfig DEFAULT_SYNC_ALL_CONFIG = {PIPE_ALL, PIPE_ALL};

// ---- constants (kernel_utils_constants.h) ---------------------------------------------
constexpr int32_t DEFAULT_BLK_NUM = 8;
constexpr int32_t HALF_FACTOR = 2;
constexpr int32_t DOUBLE_FACTOR = 2;
constexpr int32_t DEFAULT_BLK_STRIDE = 1;
constexpr uint8_t DEFAULT_REPEAT_STRIDE = 8;
constexpr uint8_t HALF_DEFAULT_REPEAT_STRIDE = 4;
constexpr uint8_t ONE_FOURTH_DEFAULT_REPEAT_STRIDE = 2;
constexpr uint64_t FULL_MASK = 0xffffffffffffffffULL;
constexpr uint64_t CONST_MASK_VALUE = 0x8000000000000000ULL;
constexpr uint16_t MAX_HALF_MASK_LEN = 64;
constexpr int32_t DEFAULT_C0_SIZE = 32;
constexpr int32_t DEFAULT_BLOCK_SIZE = 256;
constexpr int32_t MAX_REPEAT_TIMES = 255;
constexpr int32_t MIN_REPEAT_TIMES = 0;
constexpr int32_t ONE_BYTE_BIT_SIZE = 8;
constexpr uint16_t MASK_ARRAY_SIZE = 4;
constexpr uint32_t TOTAL_L0A_SIZE = 64 * 1024;
constexpr uint32_t TOTAL_L0B_SIZE = 64 * 1024;
constexpr uint32_t TMP_UB_SIZE = 8 * 1024;
constexpr int32_t BLOCK_CUBE = 16;
constexpr uint16_t ONE_BLK_SIZE = 32;
constexpr int32_t CUBE_MAX_SIZE = 256;
constexpr uint8_t PAD_SIZE = 4;
constexpr uint8_t MRG_SORT_ELEMENT_LEN = 4;
constexpr uint8_t DEFAULT_DATA_COPY_NBURST = 1;
constexpr uint8_t DEFAULT_DATA_COPY_STRIDE = 0;
constexpr int32_t BYTE_PER_FRACTAL = 512;
constexpr int32_t ONE_REPEAT_BYTE_SIZE = 256;
constexpr int32_t FULL_MASK_LEN = 128;
constexpr int32_t HALF_MASK_LEN = 64;
constexpr int32_t DEFAULT_REDUCE_DST_REP_STRIDE = 1;
constexpr uint8_t B64_BYTE_SIZE = 8;
constexpr uint8_t B32_BYTE_SIZE = 4;
constexpr uint8_t B16_BYTE_SIZE = 2;
constexpr uint8_t B8_BYTE_SIZE = 1;
constexpr uint8_t B32_DATA_NUM_PER_BLOCK = 8;
constexpr uint8_t B16_DATA_NUM_PER_BLOCK = 16;
constexpr int32_t B16_DATA_NUM_PER_REPEAT = 128;
constexpr int32_t B32_DATA_NUM_PER_REPEAT = 64;
constexpr uint32_t INT4_BIT_NUM = 4;
constexpr uint32_t INT4_TWO = 2;
constexpr int32_t DEFAULT_BLK_NUM_PER_REPEAT = 8;

// Per-chip memory sizes. With no __NPU_ARCH__ the 2201 (Atlas A2, 910B) values are used.
#if defined(__NPU_ARCH__) && ((__NPU_ARCH__ == 3510) || (__NPU_ARCH__ == 5102))
constexpr int32_t TOTAL_VEC_LOCAL_SIZE = 248 * 1024;
constexpr uint32_t TOTAL_UB_SIZE = 248 * 1024;
constexpr uint32_t TMP_UB_OFFSET = 248 * 1024;
#if (__NPU_ARCH__ == 3510)
constexpr uint32_t TOTAL_L1_SIZE = 512 * 1024;
#else
constexpr uint32_t TOTAL_L1_SIZE = 1024 * 1024;
#endif
constexpr uint32_t TOTAL_L0C_SIZE = 256 * 1024;
constexpr uint32_t VECTOR_REG_WIDTH_2XVL = 512;
constexpr uint32_t ONE_BLOCK_SIZE = 32;
constexpr uint32_t B64_DATA_NUM_PER_REPEAT = 32;
#elif defined(__NPU_ARCH__) && ((__NPU_ARCH__ == 1001) || (__NPU_ARCH__ == 2002))
constexpr int32_t TOTAL_VEC_LOCAL_SIZE = 248 * 1024;
constexpr uint32_t TOTAL_UB_SIZE = 256 * 1024;
constexpr uint32_t TMP_UB_OFFSET = 248 * 1024;
constexpr uint32_t TOTAL_L1_SIZE = 1024 * 1024;
constexpr uint32_t TOTAL_L0C_SIZE = 256 * 1024;
#elif defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3002)
constexpr int32_t TOTAL_VEC_LOCAL_SIZE = 184 * 1024;
constexpr uint32_t TOTAL_UB_SIZE = 248 * 1024;
constexpr uint32_t TMP_UB_OFFSET = 248 * 1024;
constexpr uint32_t TOTAL_L1_SIZE = 1024 * 1024;
constexpr uint32_t TOTAL_L0C_SIZE = 128 * 1024;
#elif defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3102)
constexpr int32_t TOTAL_VEC_LOCAL_SIZE = 184 * 1024;
constexpr uint32_t TOTAL_UB_SIZE = 256 * 1024;
constexpr uint32_t TMP_UB_OFFSET = 248 * 1024;
constexpr uint32_t TOTAL_L1_SIZE = 1024 * 1024;
constexpr uint32_t TOTAL_L0C_SIZE = 128 * 1024;
#else // 2201 and default
constexpr int32_t TOTAL_VEC_LOCAL_SIZE = 184 * 1024;
constexpr uint32_t TOTAL_UB_SIZE = 192 * 1024;
constexpr uint32_t TMP_UB_OFFSET = 184 * 1024;
constexpr uint32_t TOTAL_L1_SIZE = 512 * 1024 - 128; // 128 B reserved for KFC
constexpr uint32_t TOTAL_L0C_SIZE = 128 * 1024;
#endif
constexpr uint32_t VECTOR_REG_WIDTH = 256;
constexpr uint32_t SINGLE_MSG_SIZE = 64;
constexpr uint32_t CACHE_LINE_SIZE = 64;

// Event ids per queue (kernel_macros.h QUE_MAX_EVENT).
#if defined(__NPU_ARCH__) && !((__NPU_ARCH__ == 2002) || (__NPU_ARCH__ == 2201) || (__NPU_ARCH__ == 3002) || \
                               (__NPU_ARCH__ == 3102) || (__NPU_ARCH__ == 3510) || (__NPU_ARCH__ == 5102))
constexpr int32_t QUE_MAX_EVENT = 4;
#else
constexpr int32_t QUE_MAX_EVENT = 8;
#endif

// ---- AscendC::Std: the library's own <type_traits>/<utility> subset ----------------------
namespace Std {
using std::add_const;
using std::add_const_t;
using std::add_cv;
using std::add_cv_t;
using std::add_lvalue_reference;
using std::add_lvalue_reference_t;
using std::add_pointer;
using std::add_pointer_t;
using std::add_rvalue_reference;
using std::add_rvalue_reference_t;
using std::add_volatile;
using std::add_volatile_t;
using std::bool_constant;
using std::conditional;
using std::conditional_t;
using std::decay;
using std::decay_t;
using std::enable_if;
using std::enable_if_t;
using std::false_type;
using std::integral_constant;
using std::is_arithmetic;
using std::is_array;
using std::is_base_of;
using std::is_const;
using std::is_convertible;
using std::is_floating_point;
using std::is_integral;
using std::is_pointer;
using std::is_reference;
using std::is_same;
using std::is_same_v;
using std::is_signed;
using std::is_unsigned;
using std::is_void;
using std::remove_const;
using std::remove_const_t;
using std::remove_cv;
using std::remove_cv_t;
using std::remove_pointer;
using std::remove_pointer_t;
using std::remove_reference;
using std::remove_reference_t;
using std::remove_volatile;
using std::remove_volatile_t;
using std::true_type;
template <class T>
using remove_cvref_t = std::remove_cv_t<std::remove_reference_t<T>>;
template <class T>
struct remove_cvref {
    using type = remove_cvref_t<T>;
};
template <size_t v>
using Int = std::integral_constant<size_t, v>;
template <class T, class... Ts>
constexpr bool is_one_of_v = (std::is_same_v<T, Ts> || ...);

using std::declval;
using std::forward;
using std::move;
using std::get;
using std::make_tuple;
using std::tuple;
using std::tuple_element;
using std::tuple_size;

// Utility helpers (not API operations): constexpr so they work in constant expressions.
template <typename T, typename U>
__aicore__ constexpr auto min(const T& a, const U& b) -> decltype(a < b ? a : b)
{
    return b < a ? b : a;
}
template <typename T, typename U>
__aicore__ constexpr auto max(const T& a, const U& b) -> decltype(a < b ? a : b)
{
    return a < b ? b : a;
}
} // namespace Std

template <typename T, typename U>
struct IsSameType : std::integral_constant<bool, std::is_same<T, U>::value> {};

template <bool condition, class T1, class T2>
struct Conditional {
    using type = T1;
};
template <class T1, class T2>
struct Conditional<false, T1, T2> {
    using type = T2;
};

// Placeholder mask for the mask forms when isSetMask == false (mask already set).
constexpr uint64_t MASK_PLACEHOLDER = 0;
constexpr uint64_t MASK_PLACEHOLDER_LIST[2] = {0, 0};
constexpr int32_t K_MAX_DIM = 8;

// Integer helpers of the library (kernel_utils_ceil_oom_que.h). They are plain
// arithmetic, so they carry bodies the linter can evaluate.
__aicore__ constexpr uint32_t DivCeil(uint32_t a, uint32_t b)
{
    return (a + b - 1) / b;
}
__aicore__ constexpr uint32_t AlignUp(uint32_t a, uint32_t b)
{
    return (a + b - 1) / b * b;
}
__aicore__ constexpr uint32_t ConstCeil(uint32_t a, uint32_t b)
{
    return (a + b - 1) / b;
}
__aicore__ constexpr uint32_t Ceil(uint32_t a, uint32_t b)
{
    return (a + b - 1) / b;
}
__aicore__ constexpr int32_t CeilDivision(int32_t num1, int32_t num2)
{
    return num2 == 0 ? 0 : (num1 + num2 - 1) / num2;
}

// ---- TensorTrait / PrimT ---------------------------------------------------------------
// A TensorTrait<T, ...> tensor has element type T; PrimT<X> is X's element
// type (X::LiteType when X is a trait, else X itself).
template <typename T, TPosition pos = TPosition::GM, typename LayoutType = void>
struct TensorTrait {
    using LiteType = T;
    using LiteLayoutType = LayoutType;
    static constexpr TPosition tPos = pos;
};

namespace ascendc_lint_detail {
template <typename T, typename = void>
struct PrimOf {
    using type = T;
};
template <typename T>
struct PrimOf<T, std::void_t<typename T::LiteType>> {
    using type = typename T::LiteType;
};
template <typename T>
struct Identity {
    using type = T;
};
} // namespace ascendc_lint_detail

template <typename T>
using PrimT = typename ascendc_lint_detail::PrimOf<T>::type;

// 4-bit signed integer (two per byte in memory).
template <int bitNum, bool isSigned = true>
struct integer_sub_type {
    static constexpr int k_bits = bitNum;
    static constexpr bool k_signed = isSigned;
    uint8_t storage;
    integer_sub_type() = default;
    __aicore__ integer_sub_type(int32_t value);
    __aicore__ integer_sub_type(uint32_t value);
    __aicore__ operator int8_t() const;
};
using int4b_t = integer_sub_type<4, true>;

} // namespace AscendC

#pragma clang diagnostic pop
