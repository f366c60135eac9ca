// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// @notice Test NFT collection for the Portico devnet. Metadata lives on the
/// devnet fixtures server: tokenURI = baseURI + tokenId + ".json".
contract PorticoNFT is ERC721, Ownable {
    string private baseURI_;

    constructor(string memory baseURI) ERC721("Portico Punks", "PPUNK") Ownable(msg.sender) {
        baseURI_ = baseURI;
    }

    function mint(address to, uint256 tokenId) external onlyOwner {
        _safeMint(to, tokenId);
    }

    /// @dev Lets the devnet point metadata at a fixtures server on another port.
    function setBaseURI(string calldata baseURI) external onlyOwner {
        baseURI_ = baseURI;
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        return string.concat(baseURI_, Strings.toString(tokenId), ".json");
    }
}
