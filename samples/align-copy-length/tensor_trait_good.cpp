// lint: --target=ascend910b
// Tensors declared through TensorTrait<T>: their elements are T (PrimT), so
// 16 elements of a TensorTrait<half> tensor are 32 bytes, one whole block.
// (The trait itself is an empty struct; counting it as 1 byte made every
// such copy a false "16 bytes" error.)
#include "kernel_operator.h"

using namespace AscendC;

template <typename T> class KernelScale {
public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR z) {
    xGm.SetGlobalBuffer((__gm__ PrimT<T> *)x, 16);
    zGm.SetGlobalBuffer((__gm__ PrimT<T> *)z, 16);
    pipe.InitBuffer(inQueue, 1, 16 * sizeof(PrimT<T>));
    pipe.InitBuffer(outQueue, 1, 16 * sizeof(PrimT<T>));
  }
  __aicore__ inline void Process() {
    LocalTensor<T> x = inQueue.AllocTensor<T>();
    DataCopy(x, xGm, 16);
    inQueue.EnQue(x);
    LocalTensor<T> xl = inQueue.DeQue<T>();
    LocalTensor<T> z = outQueue.AllocTensor<T>();
    Muls(z, xl, (PrimT<T>)2, 16);
    outQueue.EnQue(z);
    inQueue.FreeTensor(xl);
    LocalTensor<T> zl = outQueue.DeQue<T>();
    DataCopy(zGm, zl, 16);
    outQueue.FreeTensor(zl);
  }

private:
  TPipe pipe;
  TQue<TPosition::VECIN, 1> inQueue;
  TQue<TPosition::VECOUT, 1> outQueue;
  GlobalTensor<T> xGm, zGm;
};

extern "C" __global__ __aicore__ void scale_trait(GM_ADDR x, GM_ADDR z) {
  KernelScale<TensorTrait<half>> op;
  op.Init(x, z);
  op.Process();
}
