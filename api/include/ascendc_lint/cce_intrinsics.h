// ascendc-lint bundled AscendC API: the CCE intrinsics below the AscendC
// classes that kernels (.cce files, hand-tuned operators) and the AscendC
// library's own implementation call directly. Declarations only; the
// argument lists follow the calls in asc-devkit impl/basic_api/dav_c220:
//
//   vector, binary      kernel_operator_vec_binary_impl.h (vadd(dst, src0, src1, repeat,
//                       dstBlk, src0Blk, src1Blk, dstRep, src0Rep, src1Rep))
//   vector, scalar      kernel_operator_vec_binary_impl.h (vmuls(dst, src, scalar, repeat,
//                       dstBlk, srcBlk, dstRep, srcRep))
//   vector, unary       kernel_operator_vec_unary_impl.h  (vexp(dst, src, repeat, dstBlk, srcBlk,
//                       dstRep, srcRep))
//   vector_dup          kernel_operator_vec_duplicate_impl.h (dst, scalar, repeat, dstBlk, srcBlk,
//                       dstRep, srcRep)
//   vconv_*             kernel_operator_vec_vconv_impl.h  (dst, src, repeat, dstBlk, srcBlk, dstRep, srcRep)
//   load_cbuf_to_ca/cb  kernel_operator_mm_impl.h         (dst, src, startIndex, repeat, srcStride,
//                       dstGap, sid, transpose, addrMode)
//   mad                 kernel_operator_mm_impl.h         (c, a, b, m, k, n, unitFlag, kDirAlign,
//                       cmatrixSource, cmatrixInitVal)
//   copy_matrix_cc_to_* kernel_operator_fixpipe_v2_impl.h
//   copy_gm_to_cbuf     kernel_operator_data_copy_impl.h  (dst, src, sid, nBurst, lenBurst,
//                       srcStride, dstStride, pad)
//
// The families take any argument list the bisheng overloads accept
// (variadic templates): the linter checks the arity itself and what it does
// not recognise is `unknown`, never a parse error. The address-space
// qualifiers (__ubuf__, __cbuf__, ...) are empty here; the memory of each
// pointer operand comes from the intrinsic (checker/frontend/api/Cce*.cpp).
#pragma once

#include "ascendc_lint/macros.h"

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-internal"

// The bisheng compiler's vector-register builtin types (Ascend 950, NPU arch
// 3510: asc-devkit impl/c_api/instr_impl/npu_arch_3510/utils_impl/utils_type.h
// names them, e.g. `using vector_half = vector_f16;`). Opaque here: a kernel
// declaring them compiles; what it does with them through intrinsics the
// linter does not know is `unknown`.
#define ASCENDC_LINT_VREG_TYPE(name) \
    struct name {                    \
    };
ASCENDC_LINT_VREG_TYPE(vector_bool)
ASCENDC_LINT_VREG_TYPE(vector_u8)
ASCENDC_LINT_VREG_TYPE(vector_u16)
ASCENDC_LINT_VREG_TYPE(vector_u32)
ASCENDC_LINT_VREG_TYPE(vector_u64)
ASCENDC_LINT_VREG_TYPE(vector_s8)
ASCENDC_LINT_VREG_TYPE(vector_s16)
ASCENDC_LINT_VREG_TYPE(vector_s32)
ASCENDC_LINT_VREG_TYPE(vector_s64)
ASCENDC_LINT_VREG_TYPE(vector_f16)
ASCENDC_LINT_VREG_TYPE(vector_bf16)
ASCENDC_LINT_VREG_TYPE(vector_f32)
ASCENDC_LINT_VREG_TYPE(vector_align)
ASCENDC_LINT_VREG_TYPE(vector_address)
ASCENDC_LINT_VREG_TYPE(vector_hif8)
ASCENDC_LINT_VREG_TYPE(vector_f8e4m3)
ASCENDC_LINT_VREG_TYPE(vector_f8e5m2)
ASCENDC_LINT_VREG_TYPE(vector_f8e8m0)
ASCENDC_LINT_VREG_TYPE(vector_s4x2)
ASCENDC_LINT_VREG_TYPE(vector_f4e2m1x2)
ASCENDC_LINT_VREG_TYPE(vector_f4e1m2x2)
#undef ASCENDC_LINT_VREG_TYPE
// The merge mode of predicated register intrinsics (`vmov(dst, src, mask,
// MODE_MERGING)`, asc-devkit impl/c_api/instr_impl/npu_arch_3510/
// vector_compute_impl/asc_copy_impl.h); `CpuMode` is the CPU debug build's
// name for it (asc-devkit tests/api/reg_compute_api). Values not modelled.
enum CpuMode { MODE_UNKNOWN_MERGE, MODE_MERGING, MODE_ZEROING };

// Register intrinsics of the vector function (NPU arch 3510): registers in,
// registers out, no memory (asc-devkit impl/c_api/instr_impl/npu_arch_3510/
// vector_compute_impl/asc_duplicate_scalar_impl.h: vdup(dst, value, mask,
// MODE_ZEROING)). What the linter knows of the destination register is
// forgotten (checker/frontend/api/RegApi.cpp).
template <class D, class V, class... Args>
__aicore__ void vdup(D &dst, V value, Args... args);

#define ASCENDC_LINT_CCE_VEC(name)                         \
    template <class T, class... Args>                      \
    __aicore__ void name(__ubuf__ T* dst, Args... args);

// binary: dst, src0, src1, repeat, 3 block strides, 3 repeat strides
ASCENDC_LINT_CCE_VEC(vadd)
ASCENDC_LINT_CCE_VEC(vsub)
ASCENDC_LINT_CCE_VEC(vmul)
ASCENDC_LINT_CCE_VEC(vdiv)
ASCENDC_LINT_CCE_VEC(vmax)
ASCENDC_LINT_CCE_VEC(vmin)
ASCENDC_LINT_CCE_VEC(vand)
ASCENDC_LINT_CCE_VEC(vor)
ASCENDC_LINT_CCE_VEC(vmla)
ASCENDC_LINT_CCE_VEC(vmadd)
ASCENDC_LINT_CCE_VEC(vaddrelu)
ASCENDC_LINT_CCE_VEC(vsubrelu)
// scalar: dst, src, scalar, repeat, 2 block strides, 2 repeat strides
ASCENDC_LINT_CCE_VEC(vadds)
ASCENDC_LINT_CCE_VEC(vmuls)
ASCENDC_LINT_CCE_VEC(vmaxs)
ASCENDC_LINT_CCE_VEC(vmins)
ASCENDC_LINT_CCE_VEC(vshl)
ASCENDC_LINT_CCE_VEC(vshr)
ASCENDC_LINT_CCE_VEC(vlrelu)
ASCENDC_LINT_CCE_VEC(vaxpy)
// unary: dst, src, repeat, 2 block strides, 2 repeat strides
ASCENDC_LINT_CCE_VEC(vexp)
ASCENDC_LINT_CCE_VEC(vln)
ASCENDC_LINT_CCE_VEC(vabs)
ASCENDC_LINT_CCE_VEC(vrec)
ASCENDC_LINT_CCE_VEC(vrelu)
ASCENDC_LINT_CCE_VEC(vsqrt)
ASCENDC_LINT_CCE_VEC(vrsqrt)
ASCENDC_LINT_CCE_VEC(vnot)
ASCENDC_LINT_CCE_VEC(vmuls_f16)
// dst, scalar, repeat, 2 block strides, 2 repeat strides
ASCENDC_LINT_CCE_VEC(vector_dup)
// reductions and selection (footprints not modelled: unknown)
ASCENDC_LINT_CCE_VEC(vcadd)
ASCENDC_LINT_CCE_VEC(vcmax)
ASCENDC_LINT_CCE_VEC(vcmin)
ASCENDC_LINT_CCE_VEC(vcgadd)
ASCENDC_LINT_CCE_VEC(vcgmax)
ASCENDC_LINT_CCE_VEC(vcgmin)
ASCENDC_LINT_CCE_VEC(vcpadd)
ASCENDC_LINT_CCE_VEC(vsel)
// compare: vcmpv_* (dst bit mask, src0, src1, ...), vcmp_* (src0, src1, ...: result in CMPMASK)
ASCENDC_LINT_CCE_VEC(vcmp_eq)
ASCENDC_LINT_CCE_VEC(vcmp_ne)
ASCENDC_LINT_CCE_VEC(vcmp_lt)
ASCENDC_LINT_CCE_VEC(vcmp_gt)
ASCENDC_LINT_CCE_VEC(vcmp_le)
ASCENDC_LINT_CCE_VEC(vcmp_ge)
ASCENDC_LINT_CCE_VEC(vcmpv_eq)
ASCENDC_LINT_CCE_VEC(vcmpv_ne)
ASCENDC_LINT_CCE_VEC(vcmpv_lt)
ASCENDC_LINT_CCE_VEC(vcmpv_gt)
ASCENDC_LINT_CCE_VEC(vcmpv_le)
ASCENDC_LINT_CCE_VEC(vcmpv_ge)
ASCENDC_LINT_CCE_VEC(vbrcb)
ASCENDC_LINT_CCE_VEC(vtranspose)
ASCENDC_LINT_CCE_VEC(vgather)
ASCENDC_LINT_CCE_VEC(vgatherb)
ASCENDC_LINT_CCE_VEC(vreducev2)
// conversions (dst and src element types differ): dst, src, repeat, 2 block, 2 repeat strides
ASCENDC_LINT_CCE_VEC(vconv_f322f16)
ASCENDC_LINT_CCE_VEC(vconv_f162f32)
ASCENDC_LINT_CCE_VEC(vconv_f322bf16r)
ASCENDC_LINT_CCE_VEC(vconv_bf162f32)
ASCENDC_LINT_CCE_VEC(vconv_f162s32r)
ASCENDC_LINT_CCE_VEC(vconv_f162s32f)
ASCENDC_LINT_CCE_VEC(vconv_f162s32c)
ASCENDC_LINT_CCE_VEC(vconv_f162s8)
ASCENDC_LINT_CCE_VEC(vconv_f162u8)
ASCENDC_LINT_CCE_VEC(vconv_s82f16)
ASCENDC_LINT_CCE_VEC(vconv_u82f16)
ASCENDC_LINT_CCE_VEC(vconv_s322f32)
ASCENDC_LINT_CCE_VEC(vconv_f322s32r)
ASCENDC_LINT_CCE_VEC(vconv_f322s32f)
ASCENDC_LINT_CCE_VEC(vconv_f322s32c)
ASCENDC_LINT_CCE_VEC(vconv_deq)
#undef ASCENDC_LINT_CCE_VEC

// The result order of vcmax / vcmin (asc-devkit impl/c_api/instr_impl/npu_arch_2201/
// vector_compute_impl/asc_repeat_reduce_max_impl.h): the linter reads the
// enumerator's name, not its value.
enum class Order_t {
    VALUE_INDEX,
    INDEX_VALUE,
    ONLY_VALUE,
    ONLY_INDEX,
};

// ---- matrix loads, mad, fixpipe (cube core) ------------------------------------------
// Address mode of load_cbuf_to_ca/cb (the last argument in kernel_operator_mm_impl.h).
typedef enum {
    inc = 0,
    dec = 1,
} addr_cal_mode_t;

template <class T, class U, class... Args>
__aicore__ void load_cbuf_to_ca(__ca__ T* dst, __cbuf__ U* src, Args... args);
template <class T, class U, class... Args>
__aicore__ void load_cbuf_to_cb(__cb__ T* dst, __cbuf__ U* src, Args... args);
template <class T, class U, class... Args>
__aicore__ void load_gm_to_ca(__ca__ T* dst, __gm__ U* src, Args... args);
template <class T, class U, class... Args>
__aicore__ void load_gm_to_cb(__cb__ T* dst, __gm__ U* src, Args... args);
template <class T, class U, class... Args>
__aicore__ void load_gm_to_cbuf(__cbuf__ T* dst, __gm__ U* src, Args... args);
template <class T, class U, class... Args>
__aicore__ void load_cbuf_to_ca_transpose(__ca__ T* dst, __cbuf__ U* src, Args... args);
template <class T, class U, class... Args>
__aicore__ void load_cbuf_to_cb_transpose(__cb__ T* dst, __cbuf__ U* src, Args... args);
template <class C, class A, class B, class... Args>
__aicore__ void mad(__cc__ C* c, __ca__ A* a, __cb__ B* b, Args... args);
// int4 x int4 -> int32 (kernel_operator_mm_impl.h MmadCal: A and B passed as void pointers).
template <class C, class... Args>
__aicore__ void mad_s4(__cc__ C* c, __ca__ void* a, __cb__ void* b, Args... args);
template <class T, class U, class... Args>
__aicore__ void copy_matrix_cc_to_gm(__gm__ T* dst, __cc__ U* src, Args... args);
template <class T, class U, class... Args>
__aicore__ void copy_matrix_cc_to_cbuf(__cbuf__ T* dst, __cc__ U* src, Args... args);
template <class T, class U, class... Args>
__aicore__ void copy_matrix_cc_to_ub(__ubuf__ T* dst, __cc__ U* src, Args... args);
template <class T, class U, class... Args>
__aicore__ void copy_cbuf_to_bt(T* dst, __cbuf__ U* src, Args... args);
template <class T, class U, class... Args>
__aicore__ void copy_cbuf_to_fbuf(__fbuf__ T* dst, __cbuf__ U* src, Args... args);
__aicore__ void set_fmatrix(uint64_t config);
__aicore__ void set_l0_set_value_h(uint32_t value);
__aicore__ void set_fpc(uint64_t config);
__aicore__ void set_nd_para(uint64_t config);
__aicore__ void set_deqscale(uint64_t config);
__aicore__ void set_atomic_max();
__aicore__ void set_atomic_min();

#pragma clang diagnostic pop
