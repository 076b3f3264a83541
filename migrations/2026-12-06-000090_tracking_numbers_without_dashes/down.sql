-- The dashes dropped from stored tracking numbers are not kept anywhere: nothing to undo.
SELECT 1;
