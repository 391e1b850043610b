// Filled by the endpoints of this product line.
export {}
