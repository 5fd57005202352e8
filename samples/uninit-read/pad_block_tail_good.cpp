// A tail of 13 floats (52 bytes) copied in with DataCopyPad, then computed
// on as 16 floats (the row rounded up to 32 bytes, 64): the copy fills its UB
// block up to the 32-byte boundary with dummy data (DataCopyPad（GMToUB非对齐
// 数据搬运）.md), so the 12 bytes past the row are written, not
// uninitialised. Only the 13 floats go back out.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TAIL = 13;
constexpr uint32_t ALIGNED = 16; // TAIL rounded up to 32 bytes of float

class KernelTailScale {
public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ float *)x, TAIL);
    yGm.SetGlobalBuffer((__gm__ float *)y, TAIL);
    pipe.InitBuffer(inQ, 1, ALIGNED * sizeof(float));
    pipe.InitBuffer(outQ, 1, ALIGNED * sizeof(float));
  }
  __aicore__ inline void Process() {
    CopyIn();
    Compute();
    CopyOut();
  }

private:
  __aicore__ inline void CopyIn() {
    LocalTensor<float> a = inQ.AllocTensor<float>();
    DataCopyExtParams p{1, TAIL * sizeof(float), 0, 0, 0};
    DataCopyPad(a, xGm, p, DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
    inQ.EnQue(a);
  }
  __aicore__ inline void Compute() {
    LocalTensor<float> a = inQ.DeQue<float>();
    LocalTensor<float> b = outQ.AllocTensor<float>();
    Muls(b, a, 2.0f, ALIGNED);
    outQ.EnQue(b);
    inQ.FreeTensor(a);
  }
  __aicore__ inline void CopyOut() {
    LocalTensor<float> b = outQ.DeQue<float>();
    DataCopyExtParams p{1, TAIL * sizeof(float), 0, 0, 0};
    DataCopyPad(yGm, b, p);
    outQ.FreeTensor(b);
  }
  TPipe pipe;
  TQue<TPosition::VECIN, 1> inQ;
  TQue<TPosition::VECOUT, 1> outQ;
  GlobalTensor<float> xGm, yGm;
};

extern "C" __global__ __aicore__ void tail_scale(GM_ADDR x, GM_ADDR y) {
  KernelTailScale op;
  op.Init(x, y);
  op.Process();
}
