// lint: --target=ascend910b --target=ascend950
// The bad twin of pingpong_ids_good.cpp: the V -> MTE2 events are left out,
// so the copy of iteration i + 2 overwrites the half that the Muls of
// iteration i may still be reading (iterations i and i + 1 use different
// halves: the race is two iterations apart).
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 2048; // elements per half

struct PingPongTiling {
  uint32_t tileNum;
};

class KernelPingPongScale {
public:
  __aicore__ inline KernelPingPongScale() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const PingPongTiling &tiling) {
    tileNum = tiling.tileNum;
    ASCENDC_ASSUME(tileNum <= 4096);
    xGm.SetGlobalBuffer((__gm__ half *)x, tileNum * TILE);
    yGm.SetGlobalBuffer((__gm__ half *)y, tileNum * TILE);
    pipe.InitBuffer(inBuf, 2 * TILE * sizeof(half));
    pipe.InitBuffer(outBuf, 2 * TILE * sizeof(half));
  }
  __aicore__ inline void Process() {
    LocalTensor<half> in = inBuf.Get<half>();
    LocalTensor<half> out = outBuf.Get<half>();
    SetFlag<HardEvent::MTE3_V>(EVENT_ID0);
    SetFlag<HardEvent::MTE3_V>(EVENT_ID1);
    for (uint32_t i = 0; i < tileNum; ++i) {
      event_t id = static_cast<event_t>(i % 2);
      uint32_t half_ = (i % 2) * TILE;
      DataCopy(in[half_], xGm[i * TILE], TILE); // expect-error: sync-race
      SetFlag<HardEvent::MTE2_V>(id);
      WaitFlag<HardEvent::MTE2_V>(id);
      WaitFlag<HardEvent::MTE3_V>(id);
      Muls(out[half_], in[half_], (half)2, TILE);
      SetFlag<HardEvent::V_MTE3>(id);
      WaitFlag<HardEvent::V_MTE3>(id);
      DataCopy(yGm[i * TILE], out[half_], TILE);
      SetFlag<HardEvent::MTE3_V>(id);
    }
    WaitFlag<HardEvent::MTE3_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE3_V>(EVENT_ID1);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> inBuf, outBuf;
  GlobalTensor<half> xGm, yGm;
  uint32_t tileNum;
};

extern "C" __global__ __aicore__ void pingpong_scale(GM_ADDR x, GM_ADDR y, uint32_t tileNum) {
  PingPongTiling tiling;
  tiling.tileNum = tileNum;
  KernelPingPongScale op;
  op.Init(x, y, tiling);
  op.Process();
}
