// lint: --target=ascend950
// Every thread of a SIMT launch counts its positive inputs into one UB
// counter with asc_atomic_add: the read-modify-write of each thread is one
// indivisible operation, so no increment is lost.
#include "kernel_operator.h"
#include "simt_api/asc_simt.h"

using namespace AscendC;

constexpr uint32_t THREADS = 64;

__simt_vf__ __aicore__ LAUNCH_BOUND(THREADS) inline void CountPositive(__gm__ float *x, __ubuf__ uint32_t *count) {
  uint32_t t = threadIdx.x;
  if (x[t] > 0.0f) {
    asc_atomic_add(&count[0], 1u);
  }
}

extern "C" __global__ __aicore__ void count_positive(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 32);
  GlobalTensor<float> xGm;
  GlobalTensor<uint32_t> yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, THREADS);
  yGm.SetGlobalBuffer((__gm__ uint32_t *)y, 8);
  LocalTensor<uint32_t> c = buf.Get<uint32_t>();
  Duplicate(c, 0u, 8);
  PipeBarrier<PIPE_V>();
  asc_vf_call<CountPositive>(dim3(THREADS), (__gm__ float *)xGm.GetPhyAddr(), (__ubuf__ uint32_t *)c.GetPhyAddr());
  SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
  WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
  DataCopy(yGm, c, 8);
}
