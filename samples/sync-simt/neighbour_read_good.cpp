// lint: --target=ascend950
// A SIMT function smooths a tile in place: each thread writes its element
// and then reads its right neighbour's after asc_syncthreads(): every
// thread has written its element before any thread reads one. Each thread
// then writes only its own output element.
#include "kernel_operator.h"
#include "simt_api/asc_simt.h"

using namespace AscendC;

constexpr uint32_t THREADS = 256;

__simt_vf__ __aicore__ LAUNCH_BOUND(THREADS) inline void Smooth(__ubuf__ float *buf, __gm__ float *out) {
  uint32_t t = threadIdx.x;
  buf[t] = buf[t] * 0.5f;
  asc_syncthreads();
  float right = t + 1 < blockDim.x ? buf[t + 1] : 0.0f;
  out[t] = buf[t] + right;
}

extern "C" __global__ __aicore__ void smooth(GM_ADDR x, GM_ADDR y) {
  TPipe pipe;
  TBuf<TPosition::VECCALC> tmp;
  pipe.InitBuffer(tmp, THREADS * sizeof(float));
  GlobalTensor<float> xGm, yGm;
  xGm.SetGlobalBuffer((__gm__ float *)x, THREADS);
  yGm.SetGlobalBuffer((__gm__ float *)y, THREADS);
  LocalTensor<float> buf = tmp.Get<float>();
  DataCopy(buf, xGm, THREADS);
  SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
  WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
  asc_vf_call<Smooth>(dim3(THREADS), (__ubuf__ float *)buf.GetPhyAddr(), (__gm__ float *)yGm.GetPhyAddr());
}
