// ascendc-lint bundled AscendC API: LocalTensor<T> (on-chip buffers),
// GlobalTensor<T> (GM), ShapeInfo and LocalMemAllocator. Declarations only.
//
// Mirrors (interface only; written for this project):
//   mirror-cann/asc-devkit include/basic_api/kernel_tensor.h
//   mirror-cann/asc-devkit impl/basic_api/kernel_tensor_base.h (TBuffAddr, BaseLocalTensor)
#pragma once

#include "ascendc_lint/params.h"

// ascendc-lint: declarations are never defined, so uses through internal-linkage
// template arguments (e.g. a kernel's own constexpr MatmulConfig) must not warn.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-internal"

namespace AscendC {

struct ShapeInfo {
    __aicore__ ShapeInfo() {}
    __aicore__ ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[], const uint8_t inputOriginalShapeDim,
                         const uint32_t inputOriginalShape[], const DataFormat inputFormat);
    __aicore__ ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[], const DataFormat inputFormat);
    __aicore__ ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[]);
    uint8_t shapeDim = 0;
    uint8_t originalShapeDim = 0;
    uint32_t shape[K_MAX_SHAPE_DIM] = {0};
    uint32_t originalShape[K_MAX_SHAPE_DIM] = {0};
    DataFormat dataFormat = DataFormat::ND;
};

__aicore__ uint64_t GetShapeSize(const ShapeInfo& shapeInfo);

// Where a local tensor lives: buffer handle, byte address inside its memory,
// byte length and logical position.
struct TBuffAddr {
    uint32_t dataLen;
    uint32_t bufferAddr;
    TBufHandle bufferHandle;
    uint8_t logicPos;
};

template <typename T>
class LocalTensor;

// Results of the LocalTensor operators (`dst = a + b` is an Add of a and b
// into dst); opaque here, the operands are in the operator call.
template <typename T>
class SymbolOverrideAdd {};
template <typename T>
class SymbolOverrideSub {};
template <typename T>
class SymbolOverrideMul {};
template <typename T>
class SymbolOverrideDiv {};
template <typename T>
class SymbolOverrideOr {};
template <typename T>
class SymbolOverrideAnd {};
template <typename T>
class SymbolOverrideCompare {};

template <typename T>
class LocalTensor {
public:
    using PrimType = PrimT<T>;

    __aicore__ LocalTensor() {}
    __aicore__ LocalTensor(TPosition pos, uint32_t addr, uint32_t tileSize);
    __aicore__ explicit LocalTensor(uint32_t addr);
    template <typename U>
    __aicore__ LocalTensor(uint32_t addr, const U& layout);

    // Address in the local memory (bytes).
    __aicore__ uint64_t GetPhyAddr() const;
    __aicore__ uint64_t GetPhyAddr(const uint32_t offset) const;
    // Scalar (PIPE_S) element access.
    __aicore__ PrimType GetValue(const uint32_t index) const;
    template <typename S>
    __aicore__ void SetValue(const uint32_t index, const S value) const;
    __aicore__ __ubuf__ PrimType& operator()(const uint32_t offset) const;
    // Sub-tensor starting `offset` elements further.
    __aicore__ LocalTensor operator[](const uint32_t offset) const;
    template <typename U>
    __aicore__ LocalTensor<U> ReinterpretCast() const;
    template <typename S>
    __aicore__ void SetAddrWithOffset(LocalTensor<S>& src, uint32_t offset);

    __aicore__ int32_t GetPosition() const;
    __aicore__ void SetSize(const uint32_t size);
    __aicore__ uint32_t GetSize() const;
    __aicore__ uint32_t GetLength() const;
    __aicore__ void SetBufferLen(uint32_t dataLen);
    __aicore__ void SetUserTag(const TTagType tag);
    __aicore__ TTagType GetUserTag() const;
    __aicore__ TBufHandle GetBufferHandle() const;
    __aicore__ void SetAddr(const TBuffAddr& bufferAddr);
    __aicore__ void InitBuffer(const uint32_t bufferOffset, const uint32_t bufferSize);
    __aicore__ void SetShapeInfo(const ShapeInfo& shapeInfo);
    __aicore__ ShapeInfo GetShapeInfo() const;

    // Operator forms of the vector instructions: dst = a + b, ...
    __aicore__ void operator=(const SymbolOverrideAdd<T>& symbolOverride);
    __aicore__ void operator=(const SymbolOverrideSub<T>& symbolOverride);
    __aicore__ void operator=(const SymbolOverrideMul<T>& symbolOverride);
    __aicore__ void operator=(const SymbolOverrideDiv<T>& symbolOverride);
    __aicore__ void operator=(const SymbolOverrideOr<T>& symbolOverride);
    __aicore__ void operator=(const SymbolOverrideAnd<T>& symbolOverride);
    template <typename U>
    __aicore__ void operator=(const SymbolOverrideCompare<U>& symbolOverride);
    __aicore__ SymbolOverrideAdd<T> operator+(const LocalTensor<T>& src1) const;
    __aicore__ SymbolOverrideSub<T> operator-(const LocalTensor<T>& src1) const;
    __aicore__ SymbolOverrideMul<T> operator*(const LocalTensor<T>& src1) const;
    __aicore__ SymbolOverrideDiv<T> operator/(const LocalTensor<T>& src1) const;
    __aicore__ SymbolOverrideOr<T> operator|(const LocalTensor<T>& src1) const;
    __aicore__ SymbolOverrideAnd<T> operator&(const LocalTensor<T>& src1) const;
    __aicore__ SymbolOverrideCompare<T> operator<(const LocalTensor<T>& src1) const;
    __aicore__ SymbolOverrideCompare<T> operator>(const LocalTensor<T>& src1) const;
    __aicore__ SymbolOverrideCompare<T> operator!=(const LocalTensor<T>& src1) const;
    __aicore__ SymbolOverrideCompare<T> operator==(const LocalTensor<T>& src1) const;
    __aicore__ SymbolOverrideCompare<T> operator<=(const LocalTensor<T>& src1) const;
    __aicore__ SymbolOverrideCompare<T> operator>=(const LocalTensor<T>& src1) const;

public:
    TBuffAddr address_;
    ShapeInfo shapeInfo_;
};

template <typename T>
class GlobalTensor {
public:
    using PrimType = PrimT<T>;

    __aicore__ GlobalTensor() {}

    // `bufferSize` is in elements; the linter bounds GM accesses by it.
    __aicore__ void SetGlobalBuffer(__gm__ PrimType* buffer, uint64_t bufferSize);
    __aicore__ void SetGlobalBuffer(__gm__ PrimType* buffer);
    __aicore__ const __gm__ PrimType* GetPhyAddr() const;
    __aicore__ __gm__ PrimType* GetPhyAddr(const uint64_t offset) const;
    __aicore__ PrimType GetValue(const uint64_t offset) const;
    __aicore__ __gm__ PrimType& operator()(const uint64_t offset) const;
    __aicore__ void SetValue(const uint64_t offset, PrimType value);
    __aicore__ uint64_t GetSize() const;
    __aicore__ GlobalTensor operator[](const uint64_t offset) const;
    __aicore__ void SetShapeInfo(const ShapeInfo& shapeInfo);
    __aicore__ ShapeInfo GetShapeInfo() const;
    template <CacheRwMode rwMode = CacheRwMode::RW>
    __aicore__ void SetL2CacheHint(CacheMode mode);
    template <typename U>
    __aicore__ GlobalTensor<U> ReinterpretCast() const;

public:
    uint64_t bufferSize_ = 0;
    ShapeInfo shapeInfo_;
    CacheMode cacheMode_ = CacheMode::CACHE_MODE_NORMAL;
};

// Sequential allocator of raw local tensors (no queues): Alloc carves the next
// tileSize elements out of `hard`.
template <Hardware hard = Hardware::UB>
class LocalMemAllocator {
public:
    __aicore__ LocalMemAllocator() {}
    __aicore__ uint32_t GetCurAddr() const;
    template <TPosition pos, class DataType, uint32_t tileSize>
    __aicore__ LocalTensor<DataType> Alloc();
    template <TPosition pos, class DataType>
    __aicore__ LocalTensor<DataType> Alloc(uint32_t tileSize);
    template <class DataType, uint32_t tileSize>
    __aicore__ LocalTensor<DataType> Alloc();
    template <class DataType>
    __aicore__ LocalTensor<DataType> Alloc(uint32_t tileSize);
    template <class DataType>
    __aicore__ LocalTensor<DataType> Alloc();

private:
    uint32_t head_ = 0;
};

} // namespace AscendC

#pragma clang diagnostic pop
