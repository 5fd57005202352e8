// lint: --target=ascend950
// A C API kernel adds two vectors tile by tile in UB arrays. The tile copied
// in is 4096 floats but the arrays hold 2048: the copies and the addition
// write past the end of their arrays.
#include "kernel_operator.h"
#include "c_api/asc_simd.h"

constexpr uint32_t ARRAY = 2048; // floats per UB array
constexpr uint32_t TILE = 4096;  // floats per copy

extern "C" __global__ __aicore__ void add_c_api(GM_ADDR x, GM_ADDR y, GM_ADDR z) {
  asc_init();
  __ubuf__ float xLocal[ARRAY];
  __ubuf__ float yLocal[ARRAY];
  __ubuf__ float zLocal[ARRAY];
  int64_t blockIdx = asc_get_block_idx();
  __gm__ float *xGm = (__gm__ float *)x + blockIdx * TILE;
  __gm__ float *yGm = (__gm__ float *)y + blockIdx * TILE;
  __gm__ float *zGm = (__gm__ float *)z + blockIdx * TILE;
  asc_copy_gm2ub_sync((__ubuf__ void *)xLocal, (__gm__ void *)xGm, TILE * sizeof(float)); // expect: bounds-local
  asc_copy_gm2ub_sync((__ubuf__ void *)yLocal, (__gm__ void *)yGm, TILE * sizeof(float)); // expect: bounds-local
  asc_add_sync(zLocal, xLocal, yLocal, TILE); // expect: bounds-local, bounds-local, bounds-local
  asc_copy_ub2gm_sync((__gm__ void *)zGm, (__ubuf__ void *)zLocal, TILE * sizeof(float)); // expect: bounds-local
}
