"""Responders (the ``Responder`` port): the ``groq`` SDK, and a deterministic offline one.

Both yield the raw draft: customer-visible text, ``METADATA_DELIMITER``, then a JSON object.
Splitting and validating it is ``caseledger.domain.policies.reply_metadata``'s job.
"""
