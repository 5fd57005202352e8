// lint: --target=ascend950
// The twin of ubuf_array_loop_good.cpp with the dimensions set one by one,
// and the fourth forgotten: the threads read dims[3], which nothing wrote
// (a compiler-placed UB array starts with whatever the UB held).
#include "kernel_operator.h"
#include "simt_api/asc_simt.h"

using namespace AscendC;

constexpr uint32_t MAX_DIMS = 8;
constexpr uint32_t THREADS = 256;

__simt_vf__ __aicore__ LAUNCH_BOUND(THREADS) inline void Copy4(__gm__ float *src, __gm__ float *dst,
                                                               __ubuf__ uint32_t *dims) {
  uint32_t t = threadIdx.x;
  uint32_t n = dims[0] * dims[1] * dims[2] * dims[3]; // expect: uninit-read
  if (t < n)
    dst[t] = src[t];
}

extern "C" __global__ __aicore__ void copy_dims(GM_ADDR x, GM_ADDR y) {
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, THREADS);
  yGm.SetGlobalBuffer((__gm__ float *)y, THREADS);
  __ubuf__ uint32_t dims[MAX_DIMS];
  dims[0] = 4;
  dims[1] = 4;
  dims[2] = 4;
  asc_vf_call<Copy4>(dim3(THREADS), (__gm__ float *)xGm.GetPhyAddr(), (__gm__ float *)yGm.GetPhyAddr(), dims);
}
