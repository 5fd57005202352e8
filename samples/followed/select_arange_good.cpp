// lint: --target=ascend910b
// Index sequence, compare and select (ArithProgression, Compare, Select in
// its tensor-scalar count form, under likely()): the select writes half a
// tile into a buffer of half a tile.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 1024;

class KernelSelect {
public:
  __aicore__ inline KernelSelect() {}
  __aicore__ inline void Init(GM_ADDR y) {
    yGm.SetGlobalBuffer((__gm__ float *)y, TILE);
    pipe.InitBuffer(maskBuf, TILE / 8);
    pipe.InitBuffer(idxBuf, TILE * sizeof(int32_t));
    pipe.InitBuffer(valBuf, TILE * sizeof(float));
    pipe.InitBuffer(outBuf, TILE / 2 * sizeof(float));
  }
  __aicore__ inline void Process(uint32_t n) {
    if (likely(n == TILE)) {
      LocalTensor<int32_t> idx = idxBuf.Get<int32_t>();
      LocalTensor<float> val = valBuf.Get<float>();
      LocalTensor<uint8_t> mask = maskBuf.Get<uint8_t>();
      LocalTensor<float> out = outBuf.Get<float>();
      ArithProgression<int32_t>(idx, 0, 1, n);
      PipeBarrier<PIPE_V>();
      Cast(val, idx, RoundMode::CAST_NONE, n);
      PipeBarrier<PIPE_V>();
      CompareScalar(mask, val, 512.0f, CMPMODE::LT, n);
      PipeBarrier<PIPE_V>();
      Select(out, mask, val, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, n / 2);
      SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
      WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
      DataCopy(yGm, out, TILE / 2);
    }
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> idxBuf, valBuf, maskBuf, outBuf;
  GlobalTensor<float> yGm;
};

extern "C" __global__ __aicore__ void select_arange(GM_ADDR y, uint32_t n) {
  KernelSelect op;
  op.Init(y);
  op.Process(n);
}
