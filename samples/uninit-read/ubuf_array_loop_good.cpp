// lint: --target=ascend950
// A SIMT launch gets the tensor's dimensions in a UB array the compiler
// places (`__ubuf__ uint32_t dims[8]`). A scalar loop fills the first
// dimNum entries; the threads read four of them, and the launch runs only
// when there are four. The loop's writes cover every byte the threads read,
// and each 4-byte read is aligned as its type is.
#include "kernel_operator.h"
#include "simt_api/asc_simt.h"

using namespace AscendC;

constexpr uint32_t MAX_DIMS = 8;
constexpr uint32_t THREADS = 256;

__simt_vf__ __aicore__ LAUNCH_BOUND(THREADS) inline void Copy4(__gm__ float *src, __gm__ float *dst,
                                                               __ubuf__ uint32_t *dims) {
  uint32_t t = threadIdx.x;
  uint32_t n = dims[0] * dims[1] * dims[2] * dims[3];
  if (t < n)
    dst[t] = src[t];
}

extern "C" __global__ __aicore__ void copy_dims(GM_ADDR x, GM_ADDR y, uint32_t dimNum) {
  if (dimNum > MAX_DIMS)
    return;
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, THREADS);
  yGm.SetGlobalBuffer((__gm__ float *)y, THREADS);
  __ubuf__ uint32_t dims[MAX_DIMS];
  for (uint32_t i = 0; i < dimNum; ++i)
    dims[i] = 4;
  if (dimNum == 4)
    asc_vf_call<Copy4>(dim3(THREADS), (__gm__ float *)xGm.GetPhyAddr(), (__gm__ float *)yGm.GetPhyAddr(), dims);
}
