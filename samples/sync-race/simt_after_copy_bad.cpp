// lint: --target=ascend950
// A SIMT function reads a tile that DataCopy (MTE2) is still bringing into
// UB: the launch runs on the vector core and nothing waits for MTE2 first
// (SetFlag/WaitFlag<HardEvent::MTE2_V> is missing before asc_vf_call).
#include "kernel_operator.h"
#include "simt_api/asc_simt.h"

using namespace AscendC;

constexpr uint32_t THREADS = 128;

__simt_vf__ __aicore__ LAUNCH_BOUND(THREADS) inline void Negate(__ubuf__ float *src, __gm__ float *dst) {
  uint32_t t = threadIdx.x;
  dst[t] = -src[t]; // expect: sync-race
}

extern "C" __global__ __aicore__ void negate(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, THREADS * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, THREADS);
  yGm.SetGlobalBuffer((__gm__ float *)y, THREADS);
  LocalTensor<float> t = buf.Get<float>();
  DataCopy(t, xGm, THREADS);
  asc_vf_call<Negate>(dim3(THREADS), (__ubuf__ float *)t.GetPhyAddr(), (__gm__ float *)yGm.GetPhyAddr());
}
