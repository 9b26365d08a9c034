-- The journal ops `replace` and `update` are gone: nothing ever produced them, and `op` is a TEXT column
-- without a CHECK, so there is no schema change; a step of either kind could only stop its run.
-- data:
DELETE FROM `journal_steps` WHERE `op` NOT IN ('create', 'add', 'remove', 'unfollow');
