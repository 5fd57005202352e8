// lint: --target=ascend910b --target=ascend950
// A double-buffered tile loop whose slot length the tiling decides
// (tileLength floats per slot). Compute frees its input tensor and then runs
// Relu on it: the copy two iterations later (the same slot again) may
// already be writing it. The race is found with the slots' length symbolic.
#include "kernel_operator.h"
#ifndef ASCENDC_ASSUME
#define ASCENDC_ASSUME(e)
#endif

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

struct ReluTiling {
  uint32_t totalLength;
  uint32_t tileLength; // floats per tile, a multiple of 64
};

class KernelRelu {
public:
  __aicore__ inline KernelRelu() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const ReluTiling &t) {
    // What the host's tiling guarantees.
    ASCENDC_ASSUME(t.tileLength >= 64 && t.tileLength <= 8192 && t.tileLength % 64 == 0);
    ASCENDC_ASSUME(t.totalLength % t.tileLength == 0);
    tileLength = t.tileLength;
    tileNum = t.totalLength / t.tileLength;
    xGm.SetGlobalBuffer((__gm__ float *)x, t.totalLength);
    yGm.SetGlobalBuffer((__gm__ float *)y, t.totalLength);
    pipe.InitBuffer(inQueue, BUFFER_NUM, tileLength * sizeof(float));
    pipe.InitBuffer(outQueue, BUFFER_NUM, tileLength * sizeof(float));
  }
  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < tileNum; ++i) {
      CopyIn(i);
      Compute();
      CopyOut(i);
    }
  }

private:
  __aicore__ inline void CopyIn(uint32_t i) {
    LocalTensor<float> x = inQueue.AllocTensor<float>();
    DataCopy(x, xGm[i * tileLength], tileLength); // expect-error: sync-race
    inQueue.EnQue(x);
  }
  __aicore__ inline void Compute() {
    LocalTensor<float> x = inQueue.DeQue<float>();
    LocalTensor<float> y = outQueue.AllocTensor<float>();
    inQueue.FreeTensor(x);
    Relu(y, x, tileLength);
    outQueue.EnQue(y);
  }
  __aicore__ inline void CopyOut(uint32_t i) {
    LocalTensor<float> y = outQueue.DeQue<float>();
    DataCopy(yGm[i * tileLength], y, tileLength);
    outQueue.FreeTensor(y);
  }

  TPipe pipe;
  TQue<TPosition::VECIN, BUFFER_NUM> inQueue;
  TQue<TPosition::VECOUT, BUFFER_NUM> outQueue;
  GlobalTensor<float> xGm, yGm;
  uint32_t tileLength = 0;
  uint32_t tileNum = 0;
};

extern "C" __global__ __aicore__ void relu_tiled(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  KernelRelu op;
  op.Init(x, y, *(__gm__ ReluTiling *)tiling);
  op.Process();
}
