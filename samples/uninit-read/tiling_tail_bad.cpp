// lint: --target=ascend910b
// The copy-in length and the compute length come from two tiling fields:
// when copyLen < calcLen, Muls reads elements no copy wrote.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 4096;

struct Tiling {
  uint32_t copyLen;
  uint32_t calcLen;
};

class KernelScale {
public:
  __aicore__ inline KernelScale() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t c, uint32_t n) {
    copyLen = c;
    calcLen = n;
    ASCENDC_ASSUME(copyLen % 8 == 0 && copyLen <= TILE && calcLen <= TILE && calcLen % 8 == 0);
    xGm.SetGlobalBuffer((__gm__ float *)x, TILE);
    yGm.SetGlobalBuffer((__gm__ float *)y, TILE);
    pipe.InitBuffer(buf, TILE * sizeof(float));
    pipe.InitBuffer(obuf, TILE * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> t = buf.Get<float>();
    DataCopy(t, xGm, copyLen);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    LocalTensor<float> o = obuf.Get<float>();
    Muls(o, t, 2.0f, calcLen); // expect-warning: uninit-read
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(yGm, o, calcLen);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf, obuf;
  GlobalTensor<float> xGm, yGm;
  uint32_t copyLen, calcLen;
};

extern "C" __global__ __aicore__ void scale(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  KernelScale op;
  op.Init(x, y, ((__gm__ Tiling *)tiling)->copyLen, ((__gm__ Tiling *)tiling)->calcLen);
  op.Process();
}
