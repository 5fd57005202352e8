// lint: --target=ascend950
// A sum reduced by one SIMT function launched from two places (a short and a
// long input): each launch has its own thread indices. Lane 0 of each warp
// writes its warp's slot, asc_syncthreads(), then warp 0 combines the slots
// and thread 0 writes the result: no two threads write one address, and
// every slot index stays below the 512 threads' 16 warps.
#include "kernel_operator.h"
#include "simt_api/asc_simt.h"

using namespace AscendC;

constexpr uint32_t WARP = 32;
constexpr uint32_t THREADS = 512;

template <typename OutT> __simt_callee__ __aicore__ inline void WriteResult(float value, __gm__ OutT *out) {
  out[0] = value;
}

template <uint32_t NumThreads>
__simt_vf__ __aicore__ LAUNCH_BOUND(NumThreads) inline void SumReduce(int64_t n, __gm__ float *x, __gm__ float *y,
                                                                      __ubuf__ float *warpSums) {
  const uint32_t tid = threadIdx.x;
  const uint32_t lane = tid % WARP;
  const uint32_t warp = tid / WARP;
  if (n == 0) {
    if (tid == 0) {
      WriteResult<float>(0.0f, y);
    }
    return;
  }
  float sum = 0.0f;
  for (int64_t i = tid; i < n; i += NumThreads) {
    sum += x[i];
  }
  if (lane == 0) {
    warpSums[warp] = sum;
  }
  asc_syncthreads();
  if (warp == 0) {
    float total = lane < NumThreads / WARP ? warpSums[lane] : 0.0f;
    if (lane == 0) {
      WriteResult<float>(total, y);
    }
  }
}

extern "C" __global__ __aicore__ void sum_two_launches(GM_ADDR x, GM_ADDR y, int64_t n) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, THREADS / WARP * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, 65536);
  yGm.SetGlobalBuffer((__gm__ float *)y, 8);
  LocalTensor<float> sums = buf.Get<float>();
  if (n <= 4096) {
    asc_vf_call<SumReduce<THREADS>>(dim3(THREADS), n, (__gm__ float *)xGm.GetPhyAddr(),
                                    (__gm__ float *)yGm.GetPhyAddr(), (__ubuf__ float *)sums.GetPhyAddr());
  } else {
    asc_vf_call<SumReduce<THREADS>>(dim3(THREADS), n, (__gm__ float *)xGm.GetPhyAddr(),
                                    (__gm__ float *)yGm.GetPhyAddr(), (__ubuf__ float *)sums.GetPhyAddr());
  }
}
