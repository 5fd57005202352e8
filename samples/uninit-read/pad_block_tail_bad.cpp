// The twin of pad_block_tail_good.cpp computing on 32 floats (128 bytes):
// the copy of 13 floats fills 64 bytes (its row and the dummy data up to the
// 32-byte boundary), the bytes after them are never written.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TAIL = 13;
constexpr uint32_t ALIGNED = 32; // one block too many

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
    Muls(b, a, 2.0f, ALIGNED); // expect: uninit-read
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
