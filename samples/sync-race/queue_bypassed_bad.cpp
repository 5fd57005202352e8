// lint: --target=ascend910b --target=ascend950
// The input tensor is computed on straight after the copy is issued, without
// EnQue/DeQue: the queue's MTE2 -> V event never orders them.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 1024;

class KernelRelu {
public:
  __aicore__ inline KernelRelu() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ float *)x, TILE);
    yGm.SetGlobalBuffer((__gm__ float *)y, TILE);
    pipe.InitBuffer(inQueue, 1, TILE * sizeof(float));
    pipe.InitBuffer(outQueue, 1, TILE * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> x = inQueue.AllocTensor<float>();
    DataCopy(x, xGm, TILE);
    LocalTensor<float> y = outQueue.AllocTensor<float>();
    Relu(y, x, TILE); // expect-error: sync-race
    outQueue.EnQue(y);
    inQueue.FreeTensor(x);
    LocalTensor<float> yo = outQueue.DeQue<float>();
    DataCopy(yGm, yo, TILE);
    outQueue.FreeTensor(yo);
  }

private:
  TPipe pipe;
  TQue<TPosition::VECIN, 1> inQueue;
  TQue<TPosition::VECOUT, 1> outQueue;
  GlobalTensor<float> xGm, yGm;
};

extern "C" __global__ __aicore__ void relu_kernel(GM_ADDR x, GM_ADDR y) {
  KernelRelu op;
  op.Init(x, y);
  op.Process();
}
