// lint: --target=ascend910b
// A 1000-element tile: the copy-in brings only the 992 elements of whole
// 32-byte blocks, but Exp reads all 1000: the last 8 halves of the UB tile
// hold whatever the previous kernel left there.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 1024;
constexpr uint32_t VALID = 1000;

class KernelTail {
public:
  __aicore__ inline KernelTail() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ half *)x, TILE);
    yGm.SetGlobalBuffer((__gm__ half *)y, TILE);
    pipe.InitBuffer(inQ, 1, TILE * sizeof(half));
    pipe.InitBuffer(outQ, 1, TILE * sizeof(half));
  }
  __aicore__ inline void Process() {
    LocalTensor<half> x = inQ.AllocTensor<half>();
    DataCopy(x, xGm, VALID / 16 * 16);
    inQ.EnQue(x);
    LocalTensor<half> xi = inQ.DeQue<half>();
    LocalTensor<half> y = outQ.AllocTensor<half>();
    Exp(y, xi, VALID); // expect: uninit-read
    outQ.EnQue(y);
    inQ.FreeTensor(xi);
    LocalTensor<half> yo = outQ.DeQue<half>();
    DataCopy(yGm, yo, TILE); // expect: uninit-read
    outQ.FreeTensor(yo);
  }

private:
  TPipe pipe;
  TQue<TPosition::VECIN, 1> inQ;
  TQue<TPosition::VECOUT, 1> outQ;
  GlobalTensor<half> xGm, yGm;
};

extern "C" __global__ __aicore__ void tail_exp(GM_ADDR x, GM_ADDR y) {
  KernelTail op;
  op.Init(x, y);
  op.Process();
}
