// lint: --target=ascend910b --shape=x=[313,321] --shape=y=[313,321]
// Operator project: SetGlobalBuffer is given no size (the common form), so
// the GM extents come from the shapes the host tiling (../op_host) reads: x
// holds rows * cols halves, and so does y. The last tile of the last core is
// copied with its length rounded up to 16 elements: for an element count that
// is not a multiple of 16 it reads past the end of x and writes past y.
// Linted for x = y = [313, 321] (100473 elements): the 2-D shape gives
// x.size through the host's rank check. For every shape at once the queries
// are beyond Z3's budget (unknown), see docs/host-tiling.md#gm-extents.
#include "kernel_operator.h"
#include "scale_rows_tiling_data.h"

using namespace AscendC;

class KernelScaleRows {
public:
  __aicore__ inline KernelScaleRows() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t totalLength, uint32_t perCoreLength, uint32_t tile) {
    uint32_t start = perCoreLength * GetBlockIdx();
    length = totalLength - start < perCoreLength ? totalLength - start : perCoreLength;
    tileLength = tile;
    xGm.SetGlobalBuffer((__gm__ half *)x + start);
    yGm.SetGlobalBuffer((__gm__ half *)y + start);
    pipe.InitBuffer(inQ, 2, tileLength * sizeof(half));
    pipe.InitBuffer(outQ, 2, tileLength * sizeof(half));
  }
  __aicore__ inline void Process() {
    uint32_t loops = length / tileLength;
    for (uint32_t i = 0; i < loops; i++) {
      LocalTensor<half> a = inQ.AllocTensor<half>();
      DataCopy(a, xGm[i * tileLength], tileLength);
      inQ.EnQue(a);
      Compute(tileLength);
      LocalTensor<half> b = outQ.DeQue<half>();
      DataCopy(yGm[i * tileLength], b, tileLength);
      outQ.FreeTensor(b);
    }
    uint32_t tail = length % tileLength;
    if (tail > 0) {
      uint32_t aligned = (tail + 15) / 16 * 16;
      LocalTensor<half> a = inQ.AllocTensor<half>();
      DataCopy(a, xGm[loops * tileLength], aligned); // expect-error: bounds-global
      inQ.EnQue(a);
      Compute(aligned);
      LocalTensor<half> b = outQ.DeQue<half>();
      DataCopy(yGm[loops * tileLength], b, aligned); // expect-error: bounds-global
      outQ.FreeTensor(b);
    }
  }

private:
  __aicore__ inline void Compute(uint32_t n) {
    LocalTensor<half> a = inQ.DeQue<half>();
    LocalTensor<half> b = outQ.AllocTensor<half>();
    Adds(b, a, (half)1.0, n);
    outQ.EnQue(b);
    inQ.FreeTensor(a);
  }
  TPipe pipe;
  TQue<TPosition::VECIN, 2> inQ;
  TQue<TPosition::VECOUT, 2> outQ;
  GlobalTensor<half> xGm, yGm;
  uint32_t length = 0, tileLength = 0;
};

extern "C" __global__ __aicore__ void scale_rows(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  ScaleRowsTilingData t = *reinterpret_cast<__gm__ ScaleRowsTilingData *>(tiling);
  KernelScaleRows op;
  op.Init(x, y, t.totalLength, t.perCoreLength, t.tileLength);
  op.Process();
}
