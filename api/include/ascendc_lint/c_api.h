// ascendc-lint bundled AscendC API: the C API surface (asc_*) that SIMD
// kernels use: initialisation, block index, synchronous UB<->GM copies and
// the synchronous vector forms.
//
// Mirrors (names and call shapes only; written for this project):
//   mirror-cann/asc-devkit include/c_api/asc_simd.h, misc/misc.h (asc_init),
//     sys_var/sys_var.h (asc_get_block_idx, asc_get_block_num),
//     vector_datamove/vector_datamove.h (asc_copy_gm2ub_sync, asc_copy_ub2gm_sync),
//     vector_compute/vector_compute.h (asc_add_sync, ...)
//   docs: asc-devkit docs/zh/api/SIMD-API/C-API/
#pragma once

#include "ascendc_lint/types.h"

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-internal"

__aicore__ void asc_init();
__aicore__ int64_t asc_get_block_idx();
__aicore__ int64_t asc_get_block_num();
__aicore__ uint32_t asc_get_vf_len();
// Synchronous copies: the call returns when the data has arrived (docs:
// C-API/矢量数据搬运/asc_copy_gm2ub_sync).
__aicore__ void asc_copy_gm2ub_sync(void *dst, void *src, uint32_t size);
__aicore__ void asc_copy_ub2gm_sync(void *dst, void *src, uint32_t size);
__aicore__ void asc_copy_gm2ub(void *dst, void *src, uint32_t size);
__aicore__ void asc_copy_ub2gm(void *dst, void *src, uint32_t size);
template <typename T>
__aicore__ void asc_add_sync(T *dst, T *src0, T *src1, uint32_t count);
template <typename T>
__aicore__ void asc_sub_sync(T *dst, T *src0, T *src1, uint32_t count);
template <typename T>
__aicore__ void asc_mul_sync(T *dst, T *src0, T *src1, uint32_t count);
template <typename T>
__aicore__ void asc_add(T *dst, T *src0, T *src1, uint32_t count);
template <typename T>
__aicore__ void asc_sub(T *dst, T *src0, T *src1, uint32_t count);
template <typename T>
__aicore__ void asc_mul(T *dst, T *src0, T *src1, uint32_t count);
// Synchronisation (asc-devkit docs/zh/api/SIMD-API/C-API/sync/): asc_sync
// waits for every pipe (pipe_barrier(PIPE_ALL): impl/c_api/instr_impl/
// npu_arch_2201/sync_impl/asc_pipe_barrier_impl.h), asc_sync_pipe for one,
// asc_sync_notify / asc_sync_wait set and wait a flag (set_flag/wait_flag).
__aicore__ void asc_sync();
__aicore__ void asc_sync_vec();
__aicore__ void asc_sync_pipe(pipe_t pipe);
__aicore__ void asc_sync_notify(pipe_t pipe, pipe_t tpipe, event_t id);
__aicore__ void asc_sync_wait(pipe_t pipe, pipe_t tpipe, event_t id);
__aicore__ void asc_sync_notify(pipe_t pipe, pipe_t tpipe, int id); // an id held in an int
__aicore__ void asc_sync_wait(pipe_t pipe, pipe_t tpipe, int id);

#pragma clang diagnostic pop
