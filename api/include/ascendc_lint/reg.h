// ascendc-lint bundled AscendC API: the Ascend 950 register ("Reg", formerly
// "MicroAPI") vector API used inside vector functions (__VEC_SCOPE__ blocks,
// __simd_vf__ functions): RegTensor, MaskReg, AddrReg, the unaligned-access
// registers, register loads/stores, arithmetic, compare/select, reduce, cast,
// mask generation and LocalMemBar.
//
// Mirrors (names, enum values and call shapes only; written for this project):
//   mirror-cann/asc-devkit include/basic_api/reg_compute/kernel_reg_compute_utils.h   (enums, CastTrait, *SpecificMode)
//   mirror-cann/asc-devkit include/basic_api/reg_compute/kernel_reg_compute_struct_intf.h (RegTensor, RegTrait)
//   mirror-cann/asc-devkit include/basic_api/reg_compute/kernel_reg_compute_common_intf.h (MaskReg, AddrReg, UnalignReg)
//   mirror-cann/asc-devkit include/basic_api/reg_compute/kernel_reg_compute_datacopy_intf.h (LoadAlign, StoreAlign, ...)
//   mirror-cann/asc-devkit include/basic_api/reg_compute/kernel_reg_compute_membar_intf.h (LocalMemBar)
//   mirror-cann/asc-devkit impl/basic_api/kernel_macros.h  (namespace MicroAPI = Reg)
//   docs: asc-devkit docs/zh/api/SIMD-API/基础API/Reg矢量计算/ (Reg数据搬入, Reg数据搬出, 同步控制, MaskReg计算, ...)
//
// The upstream functions have many overloads whose template parameter lists
// differ in kind (a type, an enum, a `const RegTrait&`, a `const CastTrait&`,
// a pointer to a `*SpecificMode`). The linter never runs them and models them
// by name (checker/frontend/api/RegApi.cpp), so each is declared once per
// template-argument shape kernels use, with its operands taken as forwarding
// references: every well-formed call resolves, and an address operand passed
// by reference (post-update addressing) stays an lvalue the model can update.
#pragma once

#include "ascendc_lint/algo_config.h"
#include "ascendc_lint/types.h"

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-internal"

namespace AscendC {


namespace Reg {

// Kernels spell it Reg::ReduceType (Reduce<Reg::ReduceType::SUM, T>).
using ::AscendC::ReduceType;

enum class RegLayout { UNKNOWN = -1, ZERO, ONE, TWO, THREE };
enum class SatMode { UNKNOWN = -1, NO_SAT, SAT };
enum class IndexOrder { INCREASE_ORDER, DECREASE_ORDER };
enum class MaskMergeMode { UNKNOWN, MERGING, ZEROING };
enum class HistogramsBinType { BIN0 = 0, BIN1, BIN2, BIN3, BIN4, BIN5, BIN6, BIN7 };
enum class HistogramsType { FREQUENCY = 0, ACCUMULATE };
enum class HighLowPart { LOWEST, HIGHEST };
enum class PostLiteral { POST_MODE_NORMAL, POST_MODE_UPDATE };
enum class MaskPattern { ALL, VL1, VL2, VL3, VL4, VL8, VL16, VL32, VL64, VL128, M3, M4, H, Q, ALLF = 15 };
enum class LoadDist {
    DIST_NORM,
    DIST_BRC_B8,
    DIST_BRC_B16,
    DIST_BRC_B32,
    DIST_US_B8 = 6,
    DIST_US_B16,
    DIST_DS_B8,
    DIST_DS_B16,
    DIST_BDINTLV,
    DIST_DINTLV_B8,
    DIST_DINTLV_B16,
    DIST_UNPACK_B8,
    DIST_UNPACK_B16,
    DIST_BLK,
    DIST_E2B_B16,
    DIST_E2B_B32,
    DIST_UNPACK_B32,
    DIST_DINTLV_B32,
    DIST_UNPACK4_B8,
    DIST_SPLT4CHN_B8,
    DIST_SPLT2CHN_B8,
    DIST_SPLT2CHN_B16,
};
enum class MaskDist { DIST_NORM, DIST_US = 1, DIST_DS = 2, DIST_PACK = 1 };
enum class StoreDist {
    DIST_NORM_B8,
    DIST_NORM_B16,
    DIST_NORM_B32,
    DIST_FIRST_ELEMENT_B8,
    DIST_FIRST_ELEMENT_B16,
    DIST_FIRST_ELEMENT_B32,
    DIST_PACK_B16,
    DIST_PACK_B32,
    DIST_INTLV_B8,
    DIST_INTLV_B16,
    DIST_PACK_B64,
    DIST_INTLV_B32,
    DIST_PACK4_B32,
    DIST_MRG4CHN_B8,
    DIST_MRG2CHN_B8,
    DIST_MRG2CHN_B16,
    DIST_NORM
};
enum class MemType { VEC_STORE, VEC_LOAD, SCALAR_STORE, SCALAR_LOAD, VEC_ALL, SCALAR_ALL };
enum class DataCopyMode { DATA_BLOCK_COPY };
enum class GatherMaskMode { NO_STORE_REG, STORE_REG };
enum class StoreMode { NOSTORED = 0, STORED };
enum class PairReduce { SUM = 0 };

struct DefaultType {};

struct CastTrait {
    RegLayout layoutMode = RegLayout::UNKNOWN;
    SatMode satMode = SatMode::UNKNOWN;
    MaskMergeMode mrgMode = MaskMergeMode::UNKNOWN;
    RoundMode roundMode = RoundMode::UNKNOWN;
};
constexpr CastTrait castTrait = {RegLayout::UNKNOWN, SatMode::UNKNOWN, MaskMergeMode::UNKNOWN, RoundMode::UNKNOWN};

struct ExpSpecificMode {
    MaskMergeMode mrgMode = MaskMergeMode::ZEROING;
    ExpAlgo algo = ExpAlgo::INTRINSIC;
};
struct LnSpecificMode {
    MaskMergeMode mrgMode = MaskMergeMode::ZEROING;
    LnAlgo algo = LnAlgo::INTRINSIC;
};
struct LogSpecificMode {
    MaskMergeMode mrgMode = MaskMergeMode::ZEROING;
    LogAlgo algo = LogAlgo::INTRINSIC;
};
struct Log2SpecificMode {
    MaskMergeMode mrgMode = MaskMergeMode::ZEROING;
    Log2Algo algo = Log2Algo::INTRINSIC;
};
struct Log10SpecificMode {
    MaskMergeMode mrgMode = MaskMergeMode::ZEROING;
    Log10Algo algo = Log10Algo::INTRINSIC;
};
struct DivSpecificMode {
    MaskMergeMode mrgMode = MaskMergeMode::ZEROING;
    bool precisionMode = false;
    DivAlgo algo = DivAlgo::INTRINSIC;
};
struct SqrtSpecificMode {
    MaskMergeMode mrgMode = MaskMergeMode::ZEROING;
    bool precisionMode = false;
    SqrtAlgo algo = SqrtAlgo::INTRINSIC;
};

struct RegTrait {
    int REG_NUM = 1;
};
constexpr RegTrait RegTraitNumOne = {1};
constexpr RegTrait RegTraitNumTwo = {2};

// A vector register (VL = VECTOR_REG_WIDTH = 256 bytes; two with RegTraitNumTwo).
template <typename T, const RegTrait &regTrait = RegTraitNumOne>
struct RegTensor {
    __aicore__ inline RegTensor() {}
    using ActualT = T;
    static constexpr RegTrait trait = regTrait;
    static constexpr int REG_NUM = regTrait.REG_NUM;
    // The hardware registers (the compiler's vector_* types upstream,
    // kernel_reg_compute_struct_intf.h); kernels hand them to register
    // intrinsics such as vdup. Opaque here.
    struct RegType {
    };
    RegType reg[regTrait.REG_NUM];
    __aicore__ inline operator RegType &() { return reg[0]; }
    __aicore__ void Print() const;
    // ascendc-lint only: every lane holds a value in [lo, hi], when the
    // linter knows it (set by its model of Arange/Duplicate/Adds/Muls, for
    // the indices of Gather/Scatter; never set by code).
    int64_t ascendcLintLo;
    int64_t ascendcLintHi;
};

// Predicate, address and unaligned-access registers (compiler built-in types upstream).
struct MaskReg {
    __aicore__ inline MaskReg() {}
    // ascendc-lint only: the lanes the mask selects, when the linter knows
    // them (set by its model of UpdateMask/CreateMask, never by code).
    uint32_t ascendcLintActive;
};
struct AddrReg {
    __aicore__ inline AddrReg() {}
    // ascendc-lint only: the byte offset CreateAddrReg set (sum of index *
    // stride * sizeof(T)), when the linter knows it; never set by code.
    uint64_t ascendcLintOffset;
};
struct UnalignReg {
    __aicore__ inline UnalignReg() {}
};
using UnalignRegForLoad = UnalignReg;
using UnalignRegForStore = UnalignReg;

// One declaration per template-argument shape (see the header comment).
#define ASCENDC_LINT_REG_FN(R, name)                                                                                  \
    template <typename T0 = DefaultType, typename... A>                                                              \
    __aicore__ R name(A &&...);                                                                                      \
    template <typename T0, auto V1, typename... A>                                                                   \
    __aicore__ R name(A &&...);                                                                                      \
    template <typename T0, const auto &V1, typename... A>                                                            \
    __aicore__ R name(A &&...);                                                                                      \
    template <typename T0, auto V1, auto V2, typename... A>                                                          \
    __aicore__ R name(A &&...);                                                                                      \
    template <typename T0, auto V1, typename T2, typename... A>                                                      \
    __aicore__ R name(A &&...);                                                                                      \
    template <typename T0, auto V1, auto V2, typename T3, typename... A>                                             \
    __aicore__ R name(A &&...);                                                                                      \
    template <typename T0, auto V1, const auto &V2, typename... A>                                                   \
    __aicore__ R name(A &&...);                                                                                      \
    template <typename T0, typename T1, typename... A>                                                               \
    __aicore__ R name(A &&...);                                                                                      \
    template <typename T0, typename T1, auto V2, typename... A>                                                      \
    __aicore__ R name(A &&...);                                                                                      \
    template <typename T0, typename T1, const auto &V2, typename... A>                                               \
    __aicore__ R name(A &&...);                                                                                      \
    template <typename T0, typename T1, auto V2, auto V3, typename... A>                                             \
    __aicore__ R name(A &&...);                                                                                      \
    template <typename T0, typename T1, typename T2, typename... A>                                                  \
    __aicore__ R name(A &&...);                                                                                      \
    template <typename T0, typename T1, typename T2, auto V3, typename... A>                                         \
    __aicore__ R name(A &&...);                                                                                      \
    template <auto V0, typename... A>                                                                                \
    __aicore__ R name(A &&...);                                                                                      \
    template <auto V0, typename T1, typename... A>                                                                   \
    __aicore__ R name(A &&...);                                                                                      \
    template <auto V0, typename T1, typename T2, typename... A>                                                      \
    __aicore__ R name(A &&...);                                                                                      \
    template <auto V0, typename T1, typename T2, auto V3, typename... A>                                             \
    __aicore__ R name(A &&...);                                                                                      \
    template <auto V0, typename T1, auto V2, typename... A>                                                          \
    __aicore__ R name(A &&...);                                                                                      \
    template <auto V0, auto V1, typename... A>                                                                       \
    __aicore__ R name(A &&...);

// ---- loads and stores between UB and registers (Reg数据搬入 / Reg数据搬出) ---------
ASCENDC_LINT_REG_FN(void, LoadAlign)
ASCENDC_LINT_REG_FN(void, StoreAlign)
ASCENDC_LINT_REG_FN(void, LoadUnAlignPre)
ASCENDC_LINT_REG_FN(void, LoadUnAlign)
ASCENDC_LINT_REG_FN(void, StoreUnAlign)
ASCENDC_LINT_REG_FN(void, StoreUnAlignPost)
ASCENDC_LINT_REG_FN(void, Load)
ASCENDC_LINT_REG_FN(void, Store)
ASCENDC_LINT_REG_FN(void, Gather)
ASCENDC_LINT_REG_FN(void, GatherB)
ASCENDC_LINT_REG_FN(void, DataCopyGatherB)
ASCENDC_LINT_REG_FN(void, Scatter)
// The MicroAPI names of the same instructions (older kernels).
ASCENDC_LINT_REG_FN(void, DataCopy)
ASCENDC_LINT_REG_FN(void, DataCopyUnAlignPre)
ASCENDC_LINT_REG_FN(void, DataCopyUnAlign)
ASCENDC_LINT_REG_FN(void, DataCopyUnAlignPost)
ASCENDC_LINT_REG_FN(void, DataCopyGather)
ASCENDC_LINT_REG_FN(void, DataCopyScatter)

// ---- registers only: arithmetic, logic, compare/select, reduce, cast, rearrange -----
ASCENDC_LINT_REG_FN(void, Add)
ASCENDC_LINT_REG_FN(void, Sub)
ASCENDC_LINT_REG_FN(void, Mul)
ASCENDC_LINT_REG_FN(void, Div)
ASCENDC_LINT_REG_FN(void, Max)
ASCENDC_LINT_REG_FN(void, Min)
ASCENDC_LINT_REG_FN(void, Adds)
ASCENDC_LINT_REG_FN(void, Subs)
ASCENDC_LINT_REG_FN(void, Muls)
ASCENDC_LINT_REG_FN(void, Divs)
ASCENDC_LINT_REG_FN(void, Maxs)
ASCENDC_LINT_REG_FN(void, Mins)
ASCENDC_LINT_REG_FN(void, And)
ASCENDC_LINT_REG_FN(void, Or)
ASCENDC_LINT_REG_FN(void, Xor)
ASCENDC_LINT_REG_FN(void, Not)
ASCENDC_LINT_REG_FN(void, Ands)
ASCENDC_LINT_REG_FN(void, Ors)
ASCENDC_LINT_REG_FN(void, Xors)
ASCENDC_LINT_REG_FN(void, ShiftLeft)
ASCENDC_LINT_REG_FN(void, ShiftRight)
ASCENDC_LINT_REG_FN(void, ShiftLefts)
ASCENDC_LINT_REG_FN(void, ShiftRights)
ASCENDC_LINT_REG_FN(void, Abs)
ASCENDC_LINT_REG_FN(void, Neg)
ASCENDC_LINT_REG_FN(void, Relu)
ASCENDC_LINT_REG_FN(void, Exp)
ASCENDC_LINT_REG_FN(void, Ln)
ASCENDC_LINT_REG_FN(void, Log)
ASCENDC_LINT_REG_FN(void, Log2)
ASCENDC_LINT_REG_FN(void, Log10)
ASCENDC_LINT_REG_FN(void, Sqrt)
ASCENDC_LINT_REG_FN(void, Rsqrt)
ASCENDC_LINT_REG_FN(void, Reciprocal)
ASCENDC_LINT_REG_FN(void, Truncate)
ASCENDC_LINT_REG_FN(void, Round)
ASCENDC_LINT_REG_FN(void, Axpy)
ASCENDC_LINT_REG_FN(void, MulAddDst)
ASCENDC_LINT_REG_FN(void, MulDstAdd)
ASCENDC_LINT_REG_FN(void, FusedMulDstAdd)
ASCENDC_LINT_REG_FN(void, Mull)
ASCENDC_LINT_REG_FN(void, Prelu)
ASCENDC_LINT_REG_FN(void, LeakyRelu)
ASCENDC_LINT_REG_FN(void, Duplicate)
ASCENDC_LINT_REG_FN(void, Arange)
ASCENDC_LINT_REG_FN(void, Compare)
ASCENDC_LINT_REG_FN(void, Compares)
ASCENDC_LINT_REG_FN(void, CompareScalar)
ASCENDC_LINT_REG_FN(void, Select)
ASCENDC_LINT_REG_FN(void, Reduce)
ASCENDC_LINT_REG_FN(void, ReduceDataBlock)
// asc-devkit impl/basic_api/reg_compute/kernel_reg_compute_vec_reduce_intf_impl.h (registers only)
ASCENDC_LINT_REG_FN(void, ReduceSum)
ASCENDC_LINT_REG_FN(void, ReduceMax)
ASCENDC_LINT_REG_FN(void, ReduceMin)
ASCENDC_LINT_REG_FN(void, ReduceSumWithDataBlock)
ASCENDC_LINT_REG_FN(void, ReduceMaxWithDataBlock)
ASCENDC_LINT_REG_FN(void, ReduceMinWithDataBlock)
ASCENDC_LINT_REG_FN(void, PairReduceSum)
ASCENDC_LINT_REG_FN(void, PairReduceElem)
ASCENDC_LINT_REG_FN(void, Cast)
ASCENDC_LINT_REG_FN(void, Pack)
ASCENDC_LINT_REG_FN(void, UnPack)
ASCENDC_LINT_REG_FN(void, Interleave)
ASCENDC_LINT_REG_FN(void, DeInterleave)
ASCENDC_LINT_REG_FN(void, Copy)
ASCENDC_LINT_REG_FN(void, Move)
ASCENDC_LINT_REG_FN(void, GatherMask)
ASCENDC_LINT_REG_FN(void, Squeeze)
ASCENDC_LINT_REG_FN(void, Histograms)
ASCENDC_LINT_REG_FN(void, MaskGenWithRegTensor)

// ---- mask registers (MaskReg计算) ------------------------------------------------------
ASCENDC_LINT_REG_FN(MaskReg, UpdateMask)
ASCENDC_LINT_REG_FN(MaskReg, CreateMask)
ASCENDC_LINT_REG_FN(MaskReg, MoveMask)
ASCENDC_LINT_REG_FN(void, MaskAnd)
ASCENDC_LINT_REG_FN(void, MaskOr)
ASCENDC_LINT_REG_FN(void, MaskXor)
ASCENDC_LINT_REG_FN(void, MaskNot)
ASCENDC_LINT_REG_FN(void, MaskSel)
ASCENDC_LINT_REG_FN(void, MaskMov)
ASCENDC_LINT_REG_FN(void, MaskPack)
ASCENDC_LINT_REG_FN(void, MaskUnPack)
ASCENDC_LINT_REG_FN(void, MaskInterleave)
ASCENDC_LINT_REG_FN(void, MaskDeInterleave)
ASCENDC_LINT_REG_FN(void, MaskSlide)

// ---- address registers (AddrReg) --------------------------------------------------------
ASCENDC_LINT_REG_FN(AddrReg, CreateAddrReg)

#undef ASCENDC_LINT_REG_FN

// ---- ordering inside a vector function (同步控制/LocalMemBar) ---------------------------
template <MemType src, MemType dst>
__aicore__ void LocalMemBar();

} // namespace Reg

// Upstream: impl/basic_api/kernel_macros.h.
namespace MicroAPI = Reg;

} // namespace AscendC

// Call a __simd_vf__ vector function (upstream include/basic_api/kernel_common.h;
// docs: Reg矢量计算/VF调用/asc_vf_call). The SIMT form with a dim3 first is in
// ascendc_lint/simt_c.h.
template <auto funcPtr, typename... Args>
__aicore__ void asc_vf_call(Args &&...args);

#pragma clang diagnostic pop
