// lint: --target=ascend910b
// Operator project: ../op_host/fill_rows_tiling.cpp computes y's length as
// the product of the `shape` input's values and rounds it up to whole
// tiles: every copy stays inside y, for every shape (the fixed twin of
// ../../data_shape_bad).
#include "kernel_operator.h"
#include "fill_rows_tiling_data.h"

using namespace AscendC;

class KernelFillRows {
public:
  __aicore__ inline KernelFillRows() {}
  __aicore__ inline void Init(GM_ADDR value, GM_ADDR y, const FillRowsTilingData &t) {
    fillValue = *reinterpret_cast<__gm__ float *>(value);
    tileLength = t.tileLength;
    tileNum = t.tileNum;
    tailLength = t.tailLength;
    yGm.SetGlobalBuffer((__gm__ float *)y, t.totalLength);
    pipe.InitBuffer(outQ, 2, tileLength * sizeof(float));
  }
  __aicore__ inline void Process() {
    for (uint32_t i = 0; i + 1 < tileNum; i++) {
      Compute(tileLength);
      CopyOut(i, tileLength);
    }
    Compute(tailLength);
    CopyOut(tileNum - 1, tailLength);
  }

private:
  __aicore__ inline void Compute(uint32_t length) {
    LocalTensor<float> out = outQ.AllocTensor<float>();
    Duplicate(out, fillValue, length);
    outQ.EnQue(out);
  }
  __aicore__ inline void CopyOut(uint32_t i, uint32_t length) {
    LocalTensor<float> out = outQ.DeQue<float>();
    DataCopy(yGm[i * tileLength], out, length);
    outQ.FreeTensor(out);
  }

  TPipe pipe;
  TQue<TPosition::VECOUT, 2> outQ;
  GlobalTensor<float> yGm;
  float fillValue = 0;
  uint32_t tileLength = 0, tileNum = 0, tailLength = 0;
};

extern "C" __global__ __aicore__ void fill_rows(GM_ADDR shape, GM_ADDR value, GM_ADDR y, GM_ADDR workspace,
                                                GM_ADDR tiling) {
  FillRowsTilingData t = *reinterpret_cast<__gm__ FillRowsTilingData *>(tiling);
  KernelFillRows op;
  op.Init(value, y, t);
  op.Process();
}
