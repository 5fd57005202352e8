// lint: --target=ascend910b
// Manual double buffering with two TBufs, the buffer of each tile chosen by
// `ping ? pingBuf.Get<T>() : pongBuf.Get<T>()`: every call on the chosen
// tensor is followed once per buffer, under its condition. Here the pong
// buffer was sized for half a tile: only odd tiles overflow it.
#include "kernel_operator.h"

using namespace AscendC;

struct PingPongTiling {
  uint32_t tileLength;
  uint32_t tileNum;
};

class KernelPingPong {
public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const PingPongTiling &t) {
    tileLength = t.tileLength;
    tileNum = t.tileNum;
    xGm.SetGlobalBuffer((__gm__ float *)x, 512 * 64);
    yGm.SetGlobalBuffer((__gm__ float *)y, 512 * 64);
    pipe.InitBuffer(pingBuf, 512 * sizeof(float));
    pipe.InitBuffer(pongBuf, 256 * sizeof(float));
  }
  __aicore__ inline void Process() {
    if (tileLength != 512 || tileNum > 64)
      return;
    for (uint32_t i = 0; i < tileNum; ++i)
      Compute(i);
  }

private:
  __aicore__ inline void Compute(uint32_t i) {
    bool ping = (i % 2 == 0);
    LocalTensor<float> work = ping ? pingBuf.Get<float>() : pongBuf.Get<float>();
    LocalTensor<float> head = work[0];
    DataCopy(head, xGm[i * tileLength], tileLength); // expect-error: bounds-local
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    Adds(work, head, 1.0f, tileLength); // expect-error: bounds-local, bounds-local
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(yGm[i * tileLength], work, tileLength); // expect-error: bounds-local
    SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
  }

  TPipe pipe;
  TBuf<TPosition::VECCALC> pingBuf, pongBuf;
  GlobalTensor<float> xGm, yGm;
  uint32_t tileLength = 0, tileNum = 0;
};

extern "C" __global__ __aicore__ void pingpong_choice(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  PingPongTiling t;
  t.tileLength = ((__gm__ uint32_t *)tiling)[0];
  t.tileNum = ((__gm__ uint32_t *)tiling)[1];
  KernelPingPong op;
  op.Init(x, y, t);
  op.Process();
}
