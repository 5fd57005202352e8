// lint: --target=ascend950
// The twin of c_api_async_sync_good.cpp without the asc_sync() after the
// copies in: the vector add may read the UB arrays before MTE2 has filled
// them.
#include "c_api/asc_simd.h"
#include "kernel_operator.h"

constexpr uint32_t TILE = 2048; // floats per core

extern "C" __global__ __aicore__ void add_async(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  asc_init();
  __ubuf__ float xLocal[TILE];
  __ubuf__ float yLocal[TILE];
  __ubuf__ float zLocal[TILE];
  int64_t blockIdx = asc_get_block_idx();
  __gm__ float *xGm = (__gm__ float *)x + blockIdx * TILE;
  __gm__ float *yGm = (__gm__ float *)y + blockIdx * TILE;
  __gm__ float *zGm = (__gm__ float *)z + blockIdx * TILE;
  asc_copy_gm2ub((__ubuf__ void *)xLocal, (__gm__ void *)xGm, TILE * sizeof(float));
  asc_copy_gm2ub((__ubuf__ void *)yLocal, (__gm__ void *)yGm, TILE * sizeof(float));
  asc_add(zLocal, xLocal, yLocal, TILE); // expect: sync-race, sync-race
  asc_sync();
  asc_copy_ub2gm((__gm__ void *)zGm, (__ubuf__ void *)zLocal, TILE * sizeof(float));
  asc_sync();
}
