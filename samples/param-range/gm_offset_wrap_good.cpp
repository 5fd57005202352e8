// lint: --target=ascend910b
// The good twin of gm_offset_wrap_bad.cpp: both tile offsets are computed in
// 64 bits, so no offset wraps whatever the tensor's size.
#include "kernel_operator.h"

using namespace AscendC;

struct ScaleTiling {
  uint32_t tileNum;
  uint32_t tileLength; // floats per tile
};

class KernelScale {
public:
  __aicore__ inline KernelScale() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const ScaleTiling &tiling) {
    tileNum = tiling.tileNum;
    tileLength = tiling.tileLength;
    uint64_t total = static_cast<uint64_t>(tileNum) * tileLength;
    xGm.SetGlobalBuffer((__gm__ float *)x, total);
    yGm.SetGlobalBuffer((__gm__ float *)y, total);
    pipe.InitBuffer(inQ, 2, 4096 * sizeof(float));
    pipe.InitBuffer(outQ, 2, 4096 * sizeof(float));
  }
  __aicore__ inline void Process() {
    if (tileLength == 0 || tileLength > 4096 || tileLength % 8 != 0)
      return;
    for (uint32_t progress = 0; progress < tileNum; ++progress) {
      CopyIn(progress);
      Compute();
      CopyOut(progress);
    }
  }

private:
  __aicore__ inline void CopyIn(uint32_t progress) {
    LocalTensor<float> x = inQ.AllocTensor<float>();
    uint64_t ind = static_cast<uint64_t>(progress) * tileLength;
    DataCopy(x, xGm[ind], tileLength);
    inQ.EnQue(x);
  }
  __aicore__ inline void Compute() {
    LocalTensor<float> x = inQ.DeQue<float>();
    LocalTensor<float> y = outQ.AllocTensor<float>();
    Muls(y, x, 2.0f, tileLength);
    outQ.EnQue(y);
    inQ.FreeTensor(x);
  }
  __aicore__ inline void CopyOut(uint32_t progress) {
    LocalTensor<float> y = outQ.DeQue<float>();
    uint64_t ind = static_cast<uint64_t>(progress) * tileLength;
    DataCopy(yGm[ind], y, tileLength);
    outQ.FreeTensor(y);
  }

  TPipe pipe;
  TQue<TPosition::VECIN, 2> inQ;
  TQue<TPosition::VECOUT, 2> outQ;
  GlobalTensor<float> xGm, yGm;
  uint32_t tileNum = 0;
  uint32_t tileLength = 0;
};

extern "C" __global__ __aicore__ void scale(GM_ADDR x, GM_ADDR y, uint32_t tileNum, uint32_t tileLength) {
  ScaleTiling tiling;
  tiling.tileNum = tileNum;
  tiling.tileLength = tileLength;
  KernelScale op;
  op.Init(x, y, tiling);
  op.Process();
}
