// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A devnet price feed speaking Chainlink's AggregatorV3Interface (decimals, description, version,
// getRoundData, latestRoundData), so the server reads the devnet's ETH/USD the way it reads a
// real Chainlink feed. The package @chainlink/contracts ships MockV3Aggregator as source and ABI only (no
// bytecode) and its package pulls a git dependency the registry cannot serve, so this minimal
// aggregator is compiled here instead (scripts/compile.ts). updateAnswer / updateRoundData
// mirror MockV3Aggregator's, for tests that need a stale or non-positive round.
contract PorticoPriceFeed {
  struct Round {
    int256 answer;
    uint256 startedAt;
    uint256 updatedAt;
  }

  uint8 public immutable decimals;
  string public description;
  uint256 public constant version = 4;
  uint80 public latestRound;
  mapping(uint80 => Round) private rounds;

  constructor(uint8 _decimals, string memory _description, int256 _initialAnswer) {
    decimals = _decimals;
    description = _description;
    updateAnswer(_initialAnswer);
  }

  function updateAnswer(int256 _answer) public {
    latestRound++;
    rounds[latestRound] = Round(_answer, block.timestamp, block.timestamp);
  }

  function updateRoundData(uint80 _roundId, int256 _answer, uint256 _updatedAt, uint256 _startedAt) public {
    latestRound = _roundId;
    rounds[_roundId] = Round(_answer, _startedAt, _updatedAt);
  }

  function getRoundData(uint80 _roundId)
    external
    view
    returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
  {
    Round memory r = rounds[_roundId];
    return (_roundId, r.answer, r.startedAt, r.updatedAt, _roundId);
  }

  function latestRoundData()
    external
    view
    returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
  {
    Round memory r = rounds[latestRound];
    return (latestRound, r.answer, r.startedAt, r.updatedAt, latestRound);
  }
}
