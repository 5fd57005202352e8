// lint: --target=ascend910b --target=ascend950
// An int8 GEMV (1 x 4096 row times a 4096 x 16 matrix) done in one Mmad:
// MmadParams k is a 12-bit field, at most 4095, so k = 4096 does not fit.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint16_t N = 16, K = 4096;

class KernelGemvInt8 {
public:
  __aicore__ inline KernelGemvInt8() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR w, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ int8_t *)x, K);
    wGm.SetGlobalBuffer((__gm__ int8_t *)w, K * N);
    yGm.SetGlobalBuffer((__gm__ int32_t *)y, N);
    pipe.InitBuffer(qX1, 1, K * sizeof(int8_t));
    pipe.InitBuffer(qW1, 1, K * N * sizeof(int8_t));
    pipe.InitBuffer(qX2, 1, K * sizeof(int8_t));
    pipe.InitBuffer(qW2, 1, K * N * sizeof(int8_t));
    pipe.InitBuffer(qCO1, 1, 16 * N * sizeof(int32_t)); // one 16 x 16 fractal
  }
  __aicore__ inline void Process() {
    LocalTensor<int8_t> x1 = qX1.AllocTensor<int8_t>();
    LocalTensor<int8_t> w1 = qW1.AllocTensor<int8_t>();
    DataCopy(x1, xGm, K);
    DataCopy(w1, wGm, K * N);
    qX1.EnQue(x1);
    qW1.EnQue(w1);

    LocalTensor<int8_t> x1l = qX1.DeQue<int8_t>();
    LocalTensor<int8_t> x2 = qX2.AllocTensor<int8_t>();
    LoadData(x2, x1l, LoadData2DParams(0, K / 512, 1, 0, 0, false, 0));
    qX2.EnQue(x2);
    qX1.FreeTensor(x1l);
    LocalTensor<int8_t> w1l = qW1.DeQue<int8_t>();
    LocalTensor<int8_t> w2 = qW2.AllocTensor<int8_t>();
    for (uint32_t i = 0; i < 2; ++i) // 128 fractals, at most 255 per LoadData
      LoadData(w2[i * K * N / 2], w1l[i * K * N / 2], LoadData2DParams(0, K * N / 512 / 2, 1, 0, 0, false, 0));
    qW2.EnQue(w2);
    qW1.FreeTensor(w1l);

    LocalTensor<int8_t> x2l = qX2.DeQue<int8_t>();
    LocalTensor<int8_t> w2l = qW2.DeQue<int8_t>();
    LocalTensor<int32_t> c1 = qCO1.AllocTensor<int32_t>();
    MmadParams mp;
    mp.m = 1; // GEMV
    mp.n = N;
    mp.k = K;
    Mmad(c1, x2l, w2l, mp); // expect-error: cube-params
    qCO1.EnQue(c1);
    qX2.FreeTensor(x2l);
    qW2.FreeTensor(w2l);

    LocalTensor<int32_t> c1l = qCO1.DeQue<int32_t>();
    Fixpipe(yGm, c1l, FixpipeParamsV220(N, 1, 16, N, false));
    qCO1.FreeTensor(c1l);
  }

private:
  TPipe pipe;
  TQue<TPosition::A1, 1> qX1;
  TQue<TPosition::B1, 1> qW1;
  TQue<TPosition::A2, 1> qX2;
  TQue<TPosition::B2, 1> qW2;
  TQue<TPosition::CO1, 1> qCO1;
  GlobalTensor<int8_t> xGm, wGm;
  GlobalTensor<int32_t> yGm;
};

extern "C" __global__ __aicore__ void gemv_int8(GM_ADDR x, GM_ADDR w, GM_ADDR y) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  KernelGemvInt8 op;
  op.Init(x, w, y);
  op.Process();
}
