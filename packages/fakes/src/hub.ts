// Placeholder: this fake is being built.
export {};
