// lint: --target=ascend910b
// Operator project: y's extent is x's element count, from the shape
// inference (../op_host/add_one_infershape.cpp), since the tiling never reads
// y's shape and SetGlobalBuffer is given no size. The last tile is copied
// with its own length: every copy stays inside x and y, for every shape
// (the fixed twin of ../../infershape_bad).
#include "kernel_operator.h"
#include "add_one_tiling_data.h"

using namespace AscendC;

class KernelAddOne {
public:
  __aicore__ inline KernelAddOne() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const AddOneTilingData &t) {
    tileLength = t.tileLength;
    tileNum = t.tileNum;
    tailLength = t.tailLength;
    xGm.SetGlobalBuffer((__gm__ half *)x);
    yGm.SetGlobalBuffer((__gm__ half *)y);
    pipe.InitBuffer(inQ, 2, tileLength * sizeof(half));
    pipe.InitBuffer(outQ, 2, tileLength * sizeof(half));
  }
  __aicore__ inline void Process() {
    for (uint32_t i = 0; i + 1 < tileNum; i++) {
      CopyIn(i, tileLength);
      Compute(tileLength);
      CopyOut(i, tileLength);
    }
    CopyIn(tileNum - 1, tailLength);
    Compute(tailLength);
    CopyOut(tileNum - 1, tailLength);
  }

private:
  __aicore__ inline void CopyIn(uint32_t i, uint32_t length) {
    LocalTensor<half> a = inQ.AllocTensor<half>();
    DataCopy(a, xGm[i * tileLength], length);
    inQ.EnQue(a);
  }
  __aicore__ inline void Compute(uint32_t length) {
    LocalTensor<half> a = inQ.DeQue<half>();
    LocalTensor<half> b = outQ.AllocTensor<half>();
    Adds(b, a, (half)1.0, length);
    outQ.EnQue(b);
    inQ.FreeTensor(a);
  }
  __aicore__ inline void CopyOut(uint32_t i, uint32_t length) {
    LocalTensor<half> b = outQ.DeQue<half>();
    DataCopy(yGm[i * tileLength], b, length);
    outQ.FreeTensor(b);
  }

  TPipe pipe;
  TQue<TPosition::VECIN, 2> inQ;
  TQue<TPosition::VECOUT, 2> outQ;
  GlobalTensor<half> xGm, yGm;
  uint32_t tileLength = 0, tileNum = 0, tailLength = 0;
};

extern "C" __global__ __aicore__ void add_one(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  AddOneTilingData t = *reinterpret_cast<__gm__ AddOneTilingData *>(tiling);
  KernelAddOne op;
  op.Init(x, y, t);
  op.Process();
}
