// lint: --target=ascend910b --target=ascend950
// A row-wise scale: x and the scale row live in one TBuf, the scale row right
// after x. With tileLength a multiple of 128 floats (which the tiling
// guarantees), the scale row starts a multiple of 512 bytes after x: the two
// reads of Mul always collide in one UB bank group (910B) / bank (950).
#include "kernel_operator.h"

using namespace AscendC;

struct ScaleTiling {
  uint32_t tileLength; // floats per tile, a multiple of 128
  uint32_t tileNum;
};

class KernelScaleRows {
public:
  __aicore__ inline KernelScaleRows() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR s, GM_ADDR y, const ScaleTiling &tiling) {
    tileLength = tiling.tileLength;
    tileNum = tiling.tileNum;
    ASCENDC_ASSUME(tileLength >= 128 && tileLength <= 8192 && tileLength % 128 == 0);
    ASCENDC_ASSUME(tileNum >= 1 && tileNum <= 64);
    xGm.SetGlobalBuffer((__gm__ float *)x, tileNum * tileLength);
    sGm.SetGlobalBuffer((__gm__ float *)s, tileLength);
    yGm.SetGlobalBuffer((__gm__ float *)y, tileNum * tileLength);
    pipe.InitBuffer(calcBuf, 2 * tileLength * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> xLocal = calcBuf.Get<float>();
    LocalTensor<float> sLocal = xLocal[tileLength];
    DataCopy(sLocal, sGm, tileLength);
    for (uint32_t i = 0; i < tileNum; i++) {
      DataCopy(xLocal, xGm[i * tileLength], tileLength);
      SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
      WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
      Mul(xLocal, xLocal, sLocal, tileLength); // expect-warning: perf-bank-conflict
      SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
      WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
      DataCopy(yGm[i * tileLength], xLocal, tileLength);
      SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
      WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    }
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> calcBuf;
  GlobalTensor<float> xGm, sGm, yGm;
  uint32_t tileLength = 0, tileNum = 0;
};

extern "C" __global__ __aicore__ void scale_rows(GM_ADDR x, GM_ADDR s, GM_ADDR y, GM_ADDR tilingGm) {
  ScaleTiling tiling = *reinterpret_cast<__gm__ ScaleTiling *>(tilingGm);
  KernelScaleRows op;
  op.Init(x, s, y, tiling);
  op.Process();
}
