"""Request (``XCreate``) and response (``XPublic``) models, with their size limits."""
