// lint: --target=ascend950
// Smoothing passes over ping-pong UB buffers: each thread reads its own and
// its right neighbour's element of one buffer and writes the other, and the
// pointers are swapped without asc_syncthreads(): in the next pass a thread
// reads its neighbour's element of the buffer that neighbour may still be
// writing.
#include "kernel_operator.h"
#include "simt_api/asc_simt.h"

using namespace AscendC;

constexpr uint32_t THREADS = 256;
constexpr uint32_t TILE = 1024;

__simt_vf__ __aicore__ LAUNCH_BOUND(THREADS) inline void SmoothPasses(__ubuf__ float *ping, __ubuf__ float *pong,
                                                                      __gm__ float *out, int32_t passes) {
  uint32_t t = threadIdx.x;
  __ubuf__ float *cur = ping;
  __ubuf__ float *nxt = pong;
  for (int32_t p = 0; p < passes; p++) {
    for (uint32_t i = t; i < TILE; i += blockDim.x) {
      nxt[i] = (cur[i] + cur[(i + 1) % TILE]) * 0.5f; // expect-warning: sync-simt, sync-simt
    }
    __ubuf__ float *tmp = cur;
    cur = nxt;
    nxt = tmp;
  }
  for (uint32_t i = t; i < TILE; i += blockDim.x) {
    out[i] = cur[i];
  }
}

class KernelSmooth {
public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, int32_t passes) {
    passes_ = passes;
    xGm_.SetGlobalBuffer((__gm__ float *)x, TILE);
    yGm_.SetGlobalBuffer((__gm__ float *)y, TILE);
    pipe_.InitBuffer(pingBuf_, TILE * sizeof(float));
    pipe_.InitBuffer(pongBuf_, TILE * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> ping = pingBuf_.Get<float>();
    LocalTensor<float> pong = pongBuf_.Get<float>();
    DataCopy(ping, xGm_, TILE);
    DataCopy(pong, xGm_, TILE);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    asc_vf_call<SmoothPasses>(dim3(THREADS), (__ubuf__ float *)ping.GetPhyAddr(), (__ubuf__ float *)pong.GetPhyAddr(),
                              (__gm__ float *)yGm_.GetPhyAddr(), passes_);
  }

private:
  TPipe pipe_;
  TBuf<TPosition::VECCALC> pingBuf_, pongBuf_;
  GlobalTensor<float> xGm_, yGm_;
  int32_t passes_ = 0;
};

extern "C" __global__ __aicore__ void smooth_passes(GM_ADDR x, GM_ADDR y, int32_t passes) {
  KernelSmooth op;
  op.Init(x, y, passes);
  op.Process();
}
