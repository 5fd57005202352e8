// lint: --target=ascend950
// LayerNorm statistics of a long reduce axis split into blocks of AB
// elements: WelfordUpdate folds one block of x into the running means and
// variances (AB elements each), WelfordFinalize reduces those AB partial
// statistics to one mean and one variance (asc-devkit docs/zh/api/SIMD-API/
// 高阶API/归一化操作/WelfordUpdate.md, WelfordFinalize.md). WelfordFinalize
// reads abLength elements of its inputs; this kernel hands it statistics
// buffers of one 32-byte block (8 floats), the first of the update's results
// copied there, with abLength still AB: it reads 256 bytes of a 32-byte
// buffer (as asc-devkit's welford example did before its fix).
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t AB = 64;
constexpr uint32_t STAT_BLOCK = 8; // one 32-byte block of floats per output

class KernelWelfordStats {
public:
  __aicore__ inline KernelWelfordStats() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR mean, GM_ADDR var, GM_ADDR finalMean, GM_ADDR finalVar) {
    xGm.SetGlobalBuffer((__gm__ float *)x, AB);
    meanGm.SetGlobalBuffer((__gm__ float *)mean, AB);
    varGm.SetGlobalBuffer((__gm__ float *)var, AB);
    outMeanGm.SetGlobalBuffer((__gm__ float *)finalMean, STAT_BLOCK);
    outVarGm.SetGlobalBuffer((__gm__ float *)finalVar, STAT_BLOCK);
    pipe.InitBuffer(inX, 1, AB * sizeof(float));
    pipe.InitBuffer(inMean, 1, AB * sizeof(float));
    pipe.InitBuffer(inVar, 1, AB * sizeof(float));
    pipe.InitBuffer(outMean, 1, STAT_BLOCK * sizeof(float));
    pipe.InitBuffer(outVar, 1, STAT_BLOCK * sizeof(float));
    pipe.InitBuffer(runMean, AB * sizeof(float));
    pipe.InitBuffer(runVar, AB * sizeof(float));
    pipe.InitBuffer(tmpBuf, 4096);
    pipe.InitBuffer(statMean, STAT_BLOCK * sizeof(float));
    pipe.InitBuffer(statVar, STAT_BLOCK * sizeof(float));
  }
  __aicore__ inline void Process() {
    CopyIn();
    Compute();
    CopyOut();
  }

private:
  __aicore__ inline void CopyIn() {
    LocalTensor<float> x = inX.AllocTensor<float>();
    LocalTensor<float> m = inMean.AllocTensor<float>();
    LocalTensor<float> v = inVar.AllocTensor<float>();
    DataCopy(x, xGm, AB);
    DataCopy(m, meanGm, AB);
    DataCopy(v, varGm, AB);
    inX.EnQue(x);
    inMean.EnQue(m);
    inVar.EnQue(v);
  }
  __aicore__ inline void Compute() {
    LocalTensor<float> x = inX.DeQue<float>();
    LocalTensor<float> m = inMean.DeQue<float>();
    LocalTensor<float> v = inVar.DeQue<float>();
    LocalTensor<float> rm = runMean.Get<float>();
    LocalTensor<float> rv = runVar.Get<float>();
    LocalTensor<uint8_t> tmp = tmpBuf.Get<uint8_t>();
    WelfordUpdateParam up = {1, AB, AB, 1.0f};
    WelfordUpdate<float, float>(rm, rv, m, v, x, tmp, up);
    LocalTensor<float> fm = outMean.AllocTensor<float>();
    LocalTensor<float> fv = outVar.AllocTensor<float>();
    Duplicate(fm, 0.0f, STAT_BLOCK);
    Duplicate(fv, 0.0f, STAT_BLOCK);
    LocalTensor<float> sm = statMean.Get<float>();
    LocalTensor<float> sv = statVar.Get<float>();
    Duplicate(sm, 0.0f, STAT_BLOCK);
    Duplicate(sv, 0.0f, STAT_BLOCK);
    PipeBarrier<PIPE_V>();
    Muls(sm, rm, 1.0f, 1);
    Muls(sv, rv, 1.0f, 1);
    PipeBarrier<PIPE_V>();
    WelfordFinalizePara fp = {1, AB, AB, AB, 0, 0, 1.0f / AB, 1.0f / AB, 0.0f};
    WelfordFinalize(fm, fv, sm, sv, tmp, fp); // expect-error: bounds-local, bounds-local, uninit-read, uninit-read
    outMean.EnQue(fm);
    outVar.EnQue(fv);
    inX.FreeTensor(x);
    inMean.FreeTensor(m);
    inVar.FreeTensor(v);
  }
  __aicore__ inline void CopyOut() {
    LocalTensor<float> fm = outMean.DeQue<float>();
    LocalTensor<float> fv = outVar.DeQue<float>();
    DataCopy(outMeanGm, fm, STAT_BLOCK);
    DataCopy(outVarGm, fv, STAT_BLOCK);
    outMean.FreeTensor(fm);
    outVar.FreeTensor(fv);
  }

  TPipe pipe;
  TQue<TPosition::VECIN, 1> inX, inMean, inVar;
  TQue<TPosition::VECOUT, 1> outMean, outVar;
  TBuf<TPosition::VECCALC> runMean, runVar, tmpBuf, statMean, statVar;
  GlobalTensor<float> xGm, meanGm, varGm, outMeanGm, outVarGm;
};

extern "C" __global__ __aicore__ void welford_stats(GM_ADDR x, GM_ADDR mean, GM_ADDR var, GM_ADDR finalMean,
                                                   GM_ADDR finalVar) {
  KernelWelfordStats op;
  op.Init(x, mean, var, finalMean, finalVar);
  op.Process();
}
