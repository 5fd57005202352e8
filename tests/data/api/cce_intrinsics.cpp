// Parse test for the bundled CCE intrinsics (api/include/ascendc_lint/
// cce_intrinsics.h and builtins.h): the call shapes of asc-devkit
// impl/basic_api/dav_c220 (vector with block/repeat strides, vconv, matrix
// loads, mad, fixpipe, burst copies, masks, atomics), on address-space
// pointers with pointer arithmetic. Must compile with
//   clang++-19 -std=c++17 -fsyntax-only -Wall -I api/include
#include "kernel_operator.h"

template <typename T>
__aicore__ inline void BinaryTile(__ubuf__ T* dst, __ubuf__ T* src0, __ubuf__ T* src1, uint8_t repeat)
{
    vadd(dst, src0, src1, repeat, 1, 1, 1, 8, 8, 8);
    vmax(dst, src0, src1, repeat, 1, 1, 1, 8, 8, 8);
}

extern "C" __global__ __aicore__ void cce_intrinsics(__gm__ uint8_t* x, __gm__ uint8_t* y)
{
    __ubuf__ half* ub = (__ubuf__ half*)0;
    __ubuf__ float* ubf = (__ubuf__ float*)(ub + 4096);
    __cbuf__ half* l1 = (__cbuf__ half*)0;
    __ca__ half* l0a = (__ca__ half*)0;
    __cb__ half* l0b = (__cb__ half*)0;
    __cc__ float* l0c = (__cc__ float*)0;

    set_vector_mask((uint64_t)-1, (uint64_t)-1);
    set_mask_norm();
    copy_gm_to_ubuf((__ubuf__ void*)ub, (__gm__ void*)x, 0, 1, 128, 0, 0);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    BinaryTile(ub + 2048, ub, ub + 1024, 8);
    vmuls(ub, ub, (half)2.0, 8, 1, 1, 8, 8);
    vexp(ub, ub, 8, 1, 1, 8, 8);
    vector_dup(ub, (half)0, 8, 1, 1, 8, 8);
    vconv_f162f32(ubf, ub, 8, 1, 1, 8, 4);
    pipe_barrier(PIPE_V);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    set_atomic_add();
    set_atomic_f16();
    copy_ubuf_to_gm((__gm__ void*)y, (__ubuf__ void*)ub, 0, 1, 128, 0, 0);
    set_atomic_none();

    copy_gm_to_cbuf((__cbuf__ void*)l1, (__gm__ void*)x, (int8_t)0, 1, 64, 0, 0, (pad_t)0);
    set_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
    load_cbuf_to_ca(l0a, l1, 0, 4, 1, 0, 0, 0, inc);
    load_cbuf_to_cb(l0b, l1 + 1024, 0, 4, 1, 0, 0, 1, inc);
    set_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
    wait_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
    mad(l0c, l0a, l0b, 16, 64, 16, 0, 0, 0, 1);
    set_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
    wait_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
    copy_matrix_cc_to_gm((__gm__ float*)y, l0c, 0, 16, 16, 16, 16, 0, QuantMode_t::NoQuant, 0, false, true);
    ffts_cross_core_sync(PIPE_FIX, 1 | (2 << 4) | (3 << 8));
    dcci((__gm__ void*)y, ENTIRE_DATA_CACHE);
}
